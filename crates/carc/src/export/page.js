// carc lesson page: shows one step at a time and walks the steps of the lesson (the JSON
// model below the page). Without this script every step stays visible, top to bottom.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('carc-lesson').textContent);
  var steps = data.steps;
  if (!steps.length) return;
  var sections = document.querySelectorAll('section.step');
  var $ = function (id) { return document.getElementById(id); };
  var quiz = $('quiz'), status = $('status');
  var current = 0;
  document.documentElement.classList.add('js');
  $('first').parentNode.hidden = false;
  document.querySelector('.keys').hidden = false;

  function skip(i, forward) {
    // With "Find the move" off, questions are passed over.
    while (i != null && !quiz.checked && steps[i].kind === 'question') {
      i = forward ? steps[i].next : steps[i].prev;
    }
    return i;
  }
  function nextOf(i) {
    var s = steps[i];
    if (s.next != null) return skip(s.next, true);
    // Nothing follows on this line: the first variation from here, if any.
    for (var b = 0; b < s.branches.length; b++) {
      var first = data.variations[s.branches[b]].first;
      if (first != null) return first;
    }
    return null;
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
  function show(i, focusHeading) {
    if (i == null || i < 0 || i >= steps.length) return;
    current = i;
    for (var k = 0; k < sections.length; k++) sections[k].hidden = k !== i;
    var s = steps[i], line = lineOf(i);
    $('first').disabled = i === 0;
    $('back').disabled = prevOf(i) == null;
    $('next').disabled = nextOf(i) == null;
    $('next').textContent = s.kind === 'question' ? 'Show the answer ▶' : 'Next ▶';
    $('leave').hidden = exitOf(i) == null;
    var where = s.variation == null ? '' : ' · variation “' + data.variations[s.variation].name + '”';
    status.textContent = 'Step ' + (line.indexOf(i) + 1) + ' of ' + line.length + where + ': ' + s.heading;
    var links = document.querySelectorAll('nav.moves a[data-step]');
    for (k = 0; k < links.length; k++) {
      if (+links[k].getAttribute('data-step') === i) links[k].setAttribute('aria-current', 'step');
      else links[k].removeAttribute('aria-current');
    }
    try { history.replaceState(null, '', '#step-' + i); } catch (e) { /* a file: URL may refuse */ }
    if (focusHeading) $('step-' + i + '-h').focus();
    // Keep the new step's top in sight (below the toolbar, which may stick to the top).
    var top = sections[i].getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight * 0.6) sections[i].scrollIntoView({ block: 'start' });
  }
  function go(i) { if (i != null) show(i, false); }

  $('first').onclick = function () { go(0); };
  $('back').onclick = function () { go(prevOf(current)); };
  $('next').onclick = function () { go(nextOf(current)); };
  $('leave').onclick = function () { go(exitOf(current)); };
  quiz.onchange = function () { show(current, false); };

  function stepOfHash(hash) {
    var m = /^#step-(\d+)$/.exec(hash || '');
    return m ? +m[1] : null;
  }
  document.addEventListener('click', function (e) {
    var a = e.target.closest ? e.target.closest('a[href^="#step-"]') : null;
    if (!a) return;
    e.preventDefault();
    show(stepOfHash(a.getAttribute('href')), true);
  });
  window.addEventListener('hashchange', function () {
    var i = stepOfHash(location.hash);
    if (i != null && i !== current) show(i, true);
  });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target, tag = t.tagName;
    // Keys typed into a text field stay there (the page has none; a browser extension may).
    if (tag === 'TEXTAREA' || tag === 'SELECT' || t.isContentEditable ||
        (tag === 'INPUT' && !/^(checkbox|radio|button)$/.test(t.type))) return;
    var target;
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
  show(start != null && start < steps.length ? start : 0, false);
})();
