// carc lesson page: shows one step at a time, walks the steps of the lesson (the JSON model
// below the page) and lets the learner play each question's move, judged from the model's
// exercise table (computed by carc when it exported the page: no engine runs here). Without
// this script every step stays visible, top to bottom.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('carc-lesson').textContent);
  var steps = data.steps, strings = data.strings || [];
  if (!steps.length) return;
  var sections = document.querySelectorAll('section.step');
  var $ = function (id) { return document.getElementById(id); };
  var quiz = $('quiz'), author = $('author'), status = $('status');
  var current = 0;
  var solved = {};
  document.documentElement.classList.add('js');
  $('first').parentNode.hidden = false;
  document.querySelector('.keys').hidden = false;
  // Text from the file, isolated so that its direction cannot turn the page's text around it.
  function iso(text) { return '\u2068' + text + '\u2069'; }
  function str(i) { return strings[i]; }

  function skip(i, forward) {
    // With "Find the move" off, questions are passed over.
    while (i != null && !quiz.checked && steps[i].kind === 'question') {
      i = forward ? steps[i].next : steps[i].prev;
    }
    return i;
  }
  // The first step of the first variation from step i, if any.
  function firstBranch(i) {
    var s = steps[i];
    for (var b = 0; b < s.branches.length; b++) {
      var first = data.variations[s.branches[b]].first;
      if (first != null) return first;
    }
    return null;
  }
  // Where the lesson goes on after the last step of variation v: the next variation from
  // the same step, else the step after it on the line v left (and so on outwards).
  function afterVariation(v) {
    var from = data.variations[v].from, branches = steps[from].branches;
    for (var b = branches.indexOf(v) + 1; b < branches.length; b++) {
      var first = data.variations[branches[b]].first;
      if (first != null) return first;
    }
    if (steps[from].next != null) return skip(steps[from].next, true);
    var parent = steps[from].variation;
    return parent == null ? null : afterVariation(parent);
  }
  function nextOf(i) {
    var s = steps[i];
    if (s.kind === 'question' && quiz.checked) return s.answer;
    if (s.next != null) return skip(s.next, true);
    // Nothing follows on this line: the first variation from here, else what follows the
    // variation this step ends.
    var branch = firstBranch(i);
    if (branch != null) return branch;
    return s.variation == null ? null : afterVariation(s.variation);
  }
  function prevOf(i) { return skip(steps[i].prev, false); }
  function exitOf(i) {
    var v = steps[i].variation;
    return v == null ? null : data.variations[v].from;
  }
  function lineOf(i) {
    // The steps of i's line of play: back to the setup, forward to its end.
    var back = [], j = i;
    while (j != null) { back.unshift(j); j = steps[j].prev; }
    for (j = steps[i].next; j != null; j = steps[j].next) back.push(j);
    return back;
  }
  // ---- the pictures' tiles -------------------------------------------------------------
  // Each tile is drawn once, in the layers under the page (svg.layers), with the steps it is
  // on the board for (data-from..data-to, the numbers of the sections' data-at). A step's
  // picture has empty groups for them: shown, it takes in the tiles of its board, moves the
  // labels its meeples cover, and writes its coordinates and its board as text.
  function layer(id) {
    var g = $(id);
    return g ? Array.prototype.slice.call(g.children) : [];
  }
  var layers = { tiles: layer('carc-tiles'), mismatches: layer('carc-mismatches'), glyphs: layer('carc-glyphs') };
  var moved = [];
  function label(group, x, y, anchor, text) {
    var t = document.createElementNS(group.namespaceURI, 'text');
    t.setAttribute('x', x); t.setAttribute('y', y); t.setAttribute('text-anchor', anchor);
    t.textContent = text;
    group.appendChild(t);
    group.appendChild(document.createTextNode('\n'));
  }
  function centre(text) {
    var extra = Math.max(0, 3 - text.length), before = Math.floor(extra / 2);
    return ' '.repeat(before) + text + ' '.repeat(extra - before);
  }
  function paint(section) {
    var svg = section.querySelector('.picture [role=img] svg');
    var coords = svg && svg.querySelector('g.coordinates');
    if (!coords) return;
    var at = +section.getAttribute('data-at'), here = { tiles: [], glyphs: [] };
    ['tiles', 'mismatches', 'glyphs'].forEach(function (name) {
      var group = svg.querySelector('g.' + name), fragment = document.createDocumentFragment();
      layers[name].forEach(function (node) {
        if (+node.getAttribute('data-from') <= at && at <= +node.getAttribute('data-to')) {
          fragment.appendChild(node);
          if (here[name]) here[name].push(node);
        }
      });
      if (group) group.appendChild(fragment);
    });
    var cells = {};
    here.tiles.forEach(function (node) {
      var t = node.firstElementChild;
      cells[t.getAttribute('data-x') + ',' + t.getAttribute('data-y')] = node;
    });
    moved.forEach(function (l) { l.removeAttribute('transform'); });
    moved = [];
    var labels = svg.querySelector('g.tiles').getAttribute('data-labels');
    (labels ? labels.split(',') : []).forEach(function (entry) {
      var p = entry.split(' '), node = cells[p[0] + ',' + p[1]];
      var l = node && node.querySelector('g.label');
      if (!l) return;
      l.setAttribute('transform', 'translate(' + p[2] + ',' + p[3] + ')');
      moved.push(l);
    });
    if (coords.firstChild) return; // written when the step was shown before
    var d = function (k) { return +coords.getAttribute('data-' + k); };
    var x0 = d('x0'), x1 = d('x1'), y0 = d('y0'), y1 = d('y1'), left = d('left'), top = d('top');
    var x, y, r;
    coords.appendChild(document.createTextNode('\n'));
    for (x = x0; x <= x1; x++) label(coords, left + (x - x0) * 100 + 50, top - 7, 'middle', x);
    for (y = y0; y <= y1; y++) label(coords, left - 8, top + (y1 - y) * 100 + 55, 'end', y);
    // The board as text: 3 × 3 characters a cell, the numbers of the rows on the left.
    var pre = section.querySelector('pre.ascii');
    if (!pre) return;
    var text = {};
    for (var key in cells) text[key] = cells[key].getAttribute('data-text');
    JSON.parse(pre.getAttribute('data-cells') || '[]').forEach(function (c) { text[c[0] + ',' + c[1]] = c[2]; });
    var width = Math.max(String(y0).length, String(y1).length);
    var head = ' '.repeat(width) + ' ';
    for (x = x0; x <= x1; x++) head += centre(String(x));
    var lines = [head.replace(/\s+$/, '')];
    for (y = y1; y >= y0; y--) {
      for (r = 0; r < 3; r++) {
        var row = '';
        for (x = x0; x <= x1; x++) row += (text[x + ',' + y] || '         ').substr(3 * r, 3);
        var number = r === 1 ? String(y) : '';
        lines.push((' '.repeat(width - number.length) + number + ' ' + row).replace(/\s+$/, ''));
      }
    }
    var glyphs = here.glyphs.map(function (node) { return node.getAttribute('data-text'); }).join('');
    pre.textContent = pre.getAttribute('data-head') + lines.join('\n') + '\n' +
      pre.getAttribute('data-notes') + glyphs + pre.getAttribute('data-tail');
  }

  function show(i, focusHeading, scroll) {
    if (i == null || i < 0 || i >= steps.length) return;
    current = i;
    for (var k = 0; k < sections.length; k++) sections[k].hidden = k !== i;
    paint(sections[i]);
    var s = steps[i], line = lineOf(i);
    var next = nextOf(i);
    $('first').disabled = i === 0;
    $('back').disabled = prevOf(i) == null;
    $('next').disabled = next == null;
    $('next').textContent = s.kind === 'question' && quiz.checked ? 'Show the answer ▶' : 'Next ▶';
    $('leave').hidden = exitOf(i) == null;
    var where = s.variation == null ? '' : ' · variation “' + iso(data.variations[s.variation].name) + '”';
    var text = 'Step ' + (line.indexOf(i) + 1) + ' of ' + line.length + where + ': ' + s.heading;
    // At the end of a line, say where Next goes.
    if (s.next == null && next != null) {
      var to = steps[next].variation;
      text += to == null ? ' · next: the main line' : ' · next: variation “' + iso(data.variations[to].name) + '”';
    }
    status.textContent = text;
    var links = document.querySelectorAll('nav.moves a[data-step]');
    for (k = 0; k < links.length; k++) {
      if (+links[k].getAttribute('data-step') === i) links[k].setAttribute('aria-current', 'step');
      else links[k].removeAttribute('aria-current');
    }
    // (Not when the page opens without an address: the browser would scroll to that step
    // once the page has loaded, past the title.)
    if (scroll || location.hash) {
      try { history.replaceState(null, '', '#step-' + i); } catch (e) { /* a file: URL may refuse */ }
    }
    if (focusHeading) $('step-' + i + '-h').focus();
    // Keep the new step's top in sight (below the toolbar, which sticks to the top).
    if (scroll) {
      var top = sections[i].getBoundingClientRect().top;
      var bar = $('first').parentNode.getBoundingClientRect().bottom;
      if (top < bar || top > window.innerHeight * 0.6) {
        window.scrollBy(0, top - bar - 8);
      }
    }
  }
  function go(i) { if (i != null) show(i, false, true); }

  $('first').onclick = function () { go(0); };
  $('back').onclick = function () { go(prevOf(current)); };
  $('next').onclick = function () { go(nextOf(current)); };
  $('leave').onclick = function () { go(exitOf(current)); };
  quiz.onchange = function () { show(current, false, false); };
  function authorView() { document.body.classList.toggle('author', author.checked); }
  author.onchange = authorView;
  authorView();

  // ---- playing a question's move ----------------------------------------------------------
  // Each question section: a cell button per open cell (over the picture), the tile in hand
  // with a Turn button, the figure choices of the picked placement, Confirm and the verdict.
  function setUp(section) {
    var id = +section.getAttribute('data-step');
    var ex = steps[id].exercise;
    if (!ex) return;
    var q = function (sel) { return section.querySelector(sel); };
    var cells = section.querySelectorAll('button.cell');
    var hands = section.querySelectorAll('.hand-tile');
    var figures = q('.figures'), options = q('.options'), confirm = q('.confirm');
    var verdict = q('.verdict'), picked = q('.picked');
    q('.hand').hidden = false; q('.cells').hidden = false; q('.choose').hidden = false;
    var cell = null, rot = 0, choice = 0;
    function placement() { return cell == null ? null : ex.placements[4 * cell + rot]; }
    function cellName(c) { return ex.cells[c][0] + ',' + ex.cells[c][1]; }
    function rotWord() { return 'r' + rot * 90; }
    function draw() {
      for (var k = 0; k < hands.length; k++) hands[k].hidden = k !== rot;
      q('.rot-word').textContent = rotWord();
      for (k = 0; k < cells.length; k++) {
        var b = cells[k], on = k === cell;
        b.classList.toggle('picked', on);
        b.setAttribute('aria-pressed', on ? 'true' : 'false');
        b.textContent = '';
        if (on) {
          // The tile in hand, drawn in the cell as it is turned.
          var svg = hands[rot].querySelector('svg').cloneNode(true);
          svg.setAttribute('viewBox', '8 8 100 100');
          svg.removeAttribute('width'); svg.removeAttribute('height');
          svg.setAttribute('aria-hidden', 'true');
          b.appendChild(svg);
        }
      }
      options.textContent = '';
      var p = placement();
      if (!p) { picked.textContent = 'No cell picked yet.'; figures.hidden = true; confirm.disabled = true; return; }
      picked.textContent = ex.tile + ' at ' + cellName(cell) + ' ' + rotWord() + '.';
      confirm.disabled = false;
      if (p[0] === 0) { figures.hidden = true; return; }
      figures.hidden = false;
      if (choice >= p[1].length) choice = 0;
      p[1].forEach(function (c, n) {
        var label = document.createElement('label');
        var input = document.createElement('input');
        input.type = 'radio'; input.name = 'figure-' + id; input.value = n;
        input.checked = n === choice;
        input.onchange = function () { choice = n; };
        label.appendChild(input);
        label.appendChild(document.createTextNode(' ' + str(c[0])));
        options.appendChild(label);
      });
    }
    function say(kind, lines) {
      verdict.className = 'verdict ' + kind;
      verdict.textContent = '';
      lines.forEach(function (l, n) {
        var p = document.createElement(n === 0 ? 'strong' : 'p');
        p.textContent = l;
        verdict.appendChild(p);
      });
    }
    function refusals(list) {
      return list.map(function (pair) { return str(pair[1]) + ' (' + str(pair[0]) + ')'; });
    }
    function judge() {
      var p = placement();
      if (!p) return;
      var tried = ex.tile + ' ' + cellName(cell) + ' ' + rotWord();
      if (p[0] === 0) {
        say('refused', ['Refused: ' + tried].concat(refusals(p[1]), ['The position does not change: try again.']));
        return;
      }
      var c = p[1][choice], words = str(c[1]);
      if (words) tried += ' ' + words;
      if (typeof c[2] !== 'number') {
        say('refused', ['Refused: ' + tried].concat(refusals(c[2]), ['The position does not change: try again.']));
        return;
      }
      var m = ex.moves[c[2]];
      if (m[4]) {
        solved[id] = true;
        say('right', ['Right: ' + tried, 'It scores ' + str(m[2]) + ': ' + str(m[3]) + '.']);
        var on = document.createElement('button');
        on.type = 'button'; on.className = 'go-on'; on.textContent = 'Go on ▶';
        on.onclick = function () { go(steps[id].answer); };
        verdict.appendChild(on);
        on.focus();
        return;
      }
      var lines = ['Legal, but not the move to find: ' + tried,
        'It scores ' + str(m[2]) + ': ' + str(m[3]) + '.'];
      if (ex.answer != null) {
        var a = ex.moves[ex.answer];
        lines.push(a[1] > m[1]
          ? 'The move to find scores ' + str(a[2]) + ': ' + str(a[3]) + '.'
          : 'The move to find is worth more than its points now: the lesson explains why once it is found.');
      }
      lines.push('Try again, or ask for the answer.');
      say('legal', lines);
    }
    function pick(c) {
      if (c === cell) rot = (rot + 1) % 4; // a second click turns the tile
      else { cell = c; choice = 0; }
      verdict.textContent = ''; verdict.className = 'verdict';
      draw();
    }
    function turn() {
      rot = (rot + 1) % 4;
      verdict.textContent = ''; verdict.className = 'verdict';
      draw();
    }
    for (var k = 0; k < cells.length; k++) {
      cells[k].onclick = (function (c) { return function () { pick(c); }; })(k);
    }
    q('.turn-tile').onclick = turn;
    confirm.onclick = judge;
    // Arrow keys move between the cells (a roving tab stop: one Tab reaches the board).
    q('.cells').addEventListener('keydown', function (e) {
      var at = +e.target.getAttribute('data-cell');
      if (isNaN(at)) return;
      var dx = { ArrowLeft: -1, ArrowRight: 1 }[e.key] || 0;
      var dy = { ArrowUp: 1, ArrowDown: -1 }[e.key] || 0;
      if (!dx && !dy) return;
      e.preventDefault();
      e.stopPropagation();
      // The nearest cell in that direction.
      var best = null, bestCost = Infinity, x = ex.cells[at][0], y = ex.cells[at][1];
      ex.cells.forEach(function (p, n) {
        var ddx = p[0] - x, ddy = p[1] - y;
        var along = dx ? ddx * dx : ddy * dy, across = dx ? Math.abs(ddy) : Math.abs(ddx);
        if (along <= 0) return;
        var cost = along + 2 * across;
        if (cost < bestCost) { bestCost = cost; best = n; }
      });
      if (best == null) return;
      cells[at].tabIndex = -1; cells[best].tabIndex = 0; cells[best].focus();
    });
    section.turnTile = turn;
    draw();
  }
  for (var n = 0; n < sections.length; n++) setUp(sections[n]);

  function stepOfHash(hash) {
    var m = /^#step-(\d+)$/.exec(hash || '');
    return m ? +m[1] : null;
  }
  document.addEventListener('click', function (e) {
    var a = e.target.closest ? e.target.closest('a[href^="#step-"]') : null;
    if (!a) return;
    e.preventDefault();
    show(stepOfHash(a.getAttribute('href')), true, true);
  });
  window.addEventListener('hashchange', function () {
    var i = stepOfHash(location.hash);
    if (i != null && i !== current) show(i, true, true);
  });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target, tag = t.tagName;
    // Keys typed into a text field stay there (the page has none; a browser extension may).
    if (tag === 'TEXTAREA' || tag === 'SELECT' || t.isContentEditable ||
        (tag === 'INPUT' && !/^(checkbox|radio|button)$/.test(t.type))) return;
    // Arrow keys on a figure choice move between the choices.
    if (tag === 'INPUT' && t.type === 'radio' && /^Arrow/.test(e.key)) return;
    var target;
    if ((e.key === 'r' || e.key === 'R') && sections[current].turnTile) {
      e.preventDefault();
      sections[current].turnTile();
      return;
    }
    if (e.key === 'ArrowRight') target = nextOf(current);
    else if (e.key === 'ArrowLeft') target = prevOf(current);
    else if (e.key === 'Home') target = 0;
    else if (e.key === 'End') { var line = lineOf(current); target = line[line.length - 1]; }
    else if (e.key === 'Escape') target = exitOf(current);
    else if (/^[1-9]$/.test(e.key)) {
      var v = steps[current].branches[+e.key - 1];
      target = v == null ? null : data.variations[v].first;
    } else return;
    e.preventDefault();
    go(target);
  });
  var start = stepOfHash(location.hash);
  // Open at the top of the page (the title first); a linked step is scrolled to.
  show(start != null && start < steps.length ? start : 0, false, start != null);
})();
