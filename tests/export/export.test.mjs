// Browser test of `carc export`: exports examples/lessons as a site, opens every page in
// Debian's headless chromium (driven by playwright-core, no browser download, every request
// that is not a file: or loopback URL aborted and counted), walks every step of every lesson
// with the keyboard and the buttons, entering and leaving each variation, and checks at each
// step the board (tiles drawn) and the scores against values derived from the .carc file
// itself (its tile and turn lines and its `=>` expectations, which `carc check` verifies),
// and the explanation against the page model (`carc export --format json`, hover's words).
// Also: the index (titles in file order), the "find the move" question, hostile strings,
// the page without script, a phone-sized viewport, dark mode; screenshots for a person to see.
//
// usage: node export.test.mjs CARC_BINARY [SCREENSHOT_DIR]

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const carc = path.resolve(process.argv[2] || path.join(repo, 'target/debug/carc'));
const shots = path.resolve(process.argv[3] || fs.mkdtempSync(path.join(os.tmpdir(), 'carc-shots-')));
const lessonsDir = path.join(repo, 'examples/lessons');
fs.mkdirSync(shots, { recursive: true });

let checks = 0;
function ok(cond, message) {
  checks++;
  if (!cond) throw new Error('assertion failed: ' + message);
}
function eq(actual, expected, message) {
  checks++;
  const a = JSON.stringify(actual), e = JSON.stringify(expected);
  if (a !== e) throw new Error(`assertion failed: ${message}\n  actual:   ${a}\n  expected: ${e}`);
}

// ---- what the .carc file itself says ----------------------------------------------------------

/** The statement of a line: without its comment (a `#` outside a string) and outer spaces. */
function statementOf(line) {
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (inString && c === '\\') { i++; continue; }
    if (c === '"') inString = !inString;
    if (c === '#' && !inString) return line.slice(0, i).trim();
  }
  return line.trim();
}
/** A string literal's value. */
function unquote(literal) {
  return literal.slice(1, -1).replace(/\\(["\\])/g, '$1');
}
/** `red +4, blue +8` / `nothing` after `=>`, as {colour: points}. */
function gainsOf(statement) {
  const at = statement.indexOf('=>');
  if (at < 0) return null;
  const out = {};
  for (const m of statement.slice(at + 2).matchAll(/([a-z]+)\s*\+?(\d+)/g)) {
    if (m[1] !== 'nothing') out[m[1]] = (out[m[1]] || 0) + Number(m[2]);
  }
  return out;
}
/**
 * The position after 1-based line `upTo` along its line of play, from the file's text alone:
 * tiles on the board (setup `tile` lines + `turn` lines) and each colour's score (setup `score`
 * lines + the `=>` gains of turns and `end`). A variation's `}` puts the position back.
 */
function positionAt(lines, upTo) {
  let state = { tiles: 0, scores: {} };
  const stack = [];
  let inSetup = true;
  // The whole setup counts, wherever the step stands.
  for (const raw of lines) {
    const s = statementOf(raw);
    const word = s.split(/\s+/)[0];
    if (['turn', 'discard', 'end', 'expect', 'variation'].includes(word)) break;
    if (word === 'tile') state.tiles++;
    if (word === 'score') {
      for (const m of s.slice(5).matchAll(/([a-z]+)\s+(\d+)/g)) state.scores[m[1]] = Number(m[2]);
    }
  }
  for (let i = 0; i < upTo && i < lines.length; i++) {
    const s = statementOf(lines[i]);
    const word = s.split(/\s+/)[0];
    if (['turn', 'discard', 'end', 'expect', 'variation'].includes(word)) inSetup = false;
    if (inSetup) continue;
    if (word === 'variation') stack.push(structuredClone(state));
    else if (s === '}') state = stack.pop();
    else if (word === 'turn' || word === 'end') {
      if (word === 'turn') state.tiles++;
      for (const [c, n] of Object.entries(gainsOf(s) || {})) state.scores[c] = (state.scores[c] || 0) + n;
    }
  }
  return state;
}

// ---- carc ----------------------------------------------------------------------------------------

function run(args) {
  return execFileSync(carc, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'carc-export-'));
const site = path.join(work, 'site');
const started = process.hrtime.bigint();
run(['export', lessonsDir, '-o', site]);
const exportMs = Number(process.hrtime.bigint() - started) / 1e6;
const files = fs.readdirSync(lessonsDir).filter((f) => f.endsWith('.carc')).sort();
const pageFiles = fs.readdirSync(site);
const bytes = pageFiles.reduce((n, f) => n + fs.statSync(path.join(site, f)).size, 0);
eq(pageFiles.sort(), [...files.map((f) => f.replace(/\.carc$/, '.html')), 'index.html'].sort(), 'one page per lesson plus the index');
console.log(`exported ${files.length} lessons + index: ${(bytes / 1024).toFixed(1)} KiB in ${exportMs.toFixed(0)} ms (wall, incl. process start)`);

// ---- playing a question as a learner ------------------------------------------------------------

/**
 * Plays the question `step` (its `exercise` table from the page model) on `page` as a learner:
 * first a legal move that is not the answer and an illegal one (a refused placement, else a
 * refused figure), checking each verdict, then the right move, by clicks (`mode` 'clicks') or
 * by the keyboard alone ('keys'), and goes on to the answer.
 */
async function play(page, file, step, n, mode) {
  const ex = step.exercise;
  ok(ex, `${file}: the question has an exercise`);
  const S = (i) => model.strings[i];
  const model = currentModel;
  const section = page.locator(`#step-${step.id}`);
  const where = [];
  ex.placements.forEach((p, i) => {
    const cell = Math.floor(i / 4), rot = i % 4;
    if (p[0] === 0) where.push({ kind: 'refused-placement', cell, rot, choice: 0, found: p[1] });
    else p[1].forEach((c, k) => {
      if (typeof c[2] === 'number') where.push({ kind: ex.moves[c[2]][4] ? 'best' : 'legal', cell, rot, choice: k, move: c[2] });
      else where.push({ kind: 'refused-figure', cell, rot, choice: k, found: c[2] });
    });
  });
  const right = where.find((w) => w.kind === 'best' && w.move === ex.answer);
  ok(right, `${file}: the answer is among the choices`);
  const wrong = where.find((w) => w.kind === 'legal');
  const illegal = where.find((w) => w.kind === 'refused-placement') || where.find((w) => w.kind === 'refused-figure');
  ok(illegal, `${file}: some move is refused`);
  const rotWord = async () => section.locator('.rot-word').textContent();
  const choose = async (w) => {
    await section.locator(`button.cell[data-cell="${w.cell}"]`).click();
    while ((await rotWord()) !== `r${w.rot * 90}`) await page.keyboard.press('r');
    if (w.kind !== 'refused-placement') await section.locator(`.options input[value="${w.choice}"]`).check();
    await section.locator('.confirm').click();
    return section.locator('.verdict');
  };
  // The tile in hand is shown before anything is picked.
  ok(await section.locator('.hand').isVisible(), `${file}: the tile in hand is shown`);
  eq(await section.locator('.hand strong').textContent(), ex.tile, `${file}: the tile in hand is the turn's`);
  if (wrong) {
    const verdict = await choose(wrong);
    eq(await verdict.getAttribute('class'), 'verdict legal', `${file}: a legal wrong move is judged legal`);
    const text = await verdict.innerText();
    const m = ex.moves[wrong.move];
    ok(text.includes(`It scores ${S(m[2])}`) && text.includes(S(m[3])), `${file}: what the wrong move scores (${text})`);
    ok(text.includes(S(m[0])), `${file}: the wrong move is named (${text})`);
    eq(await page.$eval('section.step:not([hidden])', (s) => +s.dataset.step), step.id, `${file}: a wrong move stays on the question`);
  }
  {
    const verdict = await choose(illegal);
    eq(await verdict.getAttribute('class'), 'verdict refused', `${file}: an illegal move is refused`);
    const text = await verdict.innerText();
    for (const [code, message] of illegal.found) {
      ok(text.includes(S(message)) && text.includes(`(${S(code)})`), `${file}: the refusal's code and message (${text})`);
    }
    if (n === 1) await section.screenshot({ path: path.join(shots, 'refusal.png') });
  }
  if (n === 0) await page.screenshot({ path: path.join(shots, 'question.png') });
  // The right move.
  if (mode === 'clicks') {
    const cell = section.locator(`button.cell[data-cell="${right.cell}"]`);
    // A click picks the cell (keeping the rotation); a second click on it turns the tile.
    await cell.click();
    while ((await rotWord()) !== `r${right.rot * 90}`) await cell.click();
    await section.locator(`.options input[value="${right.choice}"]`).click();
    await section.locator('.confirm').click();
  } else {
    // Tab to the board (one tab stop), arrows to the cell, Enter, R to turn, Tab to the
    // figures, arrows to the figure, Tab to Confirm, Enter.
    await section.locator('h2').focus();
    let tabs = 0;
    while (!(await page.evaluate(() => document.activeElement.classList.contains('cell'))) && tabs++ < 30) await page.keyboard.press('Tab');
    ok(tabs < 30, `${file}: Tab reaches the board`);
    const path_ = arrowPath(ex.cells, +(await page.evaluate(() => document.activeElement.dataset.cell)), right.cell);
    for (const key of path_) await page.keyboard.press(key);
    eq(+(await page.evaluate(() => document.activeElement.dataset.cell)), right.cell, `${file}: the arrows reach the cell`);
    await page.keyboard.press('Enter');
    while ((await rotWord()) !== `r${right.rot * 90}`) await page.keyboard.press('r');
    // (past "The board as text")
    for (let k = 0; k < 5 && !(await page.evaluate(() => document.activeElement.type === 'radio')); k++) await page.keyboard.press('Tab');
    ok(await page.evaluate(() => document.activeElement.type === 'radio'), `${file}: Tab reaches the figures`);
    const checkedNow = async () => +(await section.locator('.options input:checked').getAttribute('value'));
    for (let k = 0; (await checkedNow()) !== right.choice && k < 20; k++) await page.keyboard.press('ArrowDown');
    eq(await checkedNow(), right.choice, `${file}: the keys choose the figure`);
    await page.keyboard.press('Tab');
    ok(await page.evaluate(() => document.activeElement.classList.contains('confirm')), `${file}: Tab reaches Confirm`);
    await page.keyboard.press('Enter');
  }
  const verdict = section.locator('.verdict');
  eq(await verdict.getAttribute('class'), 'verdict right', `${file}: the right move is judged right`);
  ok((await verdict.innerText()).includes(`Right: ${S(ex.moves[ex.answer][0])}`), `${file}: the right move is named`);
  if (n === 0) await section.screenshot({ path: path.join(shots, 'right.png') });
  // Go on: a button with the focus (Enter presses it).
  ok(await page.evaluate(() => document.activeElement.classList.contains('go-on')), `${file}: Go on has the focus`);
  if (mode === 'clicks') await section.locator('.go-on').click();
  else await page.keyboard.press('Enter');
}

/** The arrow keys that take the page's cell focus from cell `from` to cell `to` (as page.js moves it). */
function arrowPath(cells, from, to) {
  const step = (at, key) => {
    const dx = { ArrowLeft: -1, ArrowRight: 1 }[key] || 0, dy = { ArrowUp: 1, ArrowDown: -1 }[key] || 0;
    let best = null, bestCost = Infinity;
    const [x, y] = cells[at];
    cells.forEach(([px, py], n) => {
      const ddx = px - x, ddy = py - y;
      const along = dx ? ddx * dx : ddy * dy, across = dx ? Math.abs(ddy) : Math.abs(ddx);
      if (along <= 0) return;
      const cost = along + 2 * across;
      if (cost < bestCost) { bestCost = cost; best = n; }
    });
    return best;
  };
  const seen = new Map([[from, []]]), queue = [from];
  while (queue.length) {
    const at = queue.shift();
    if (at === to) return seen.get(at);
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
      const next = step(at, key);
      if (next != null && !seen.has(next)) { seen.set(next, [...seen.get(at), key]); queue.push(next); }
    }
  }
  throw new Error(`no arrow path from cell ${from} to ${to}`);
}
let currentModel = null;

// ---- the browser ---------------------------------------------------------------------------------

const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'carc-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: flags,
  viewport: { width: 1100, height: 900 },
});
const blocked = [];
await context.route('**/*', (route) => {
  const url = new URL(route.request().url());
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'file:' || url.protocol === 'data:' || loopback) return route.continue();
  blocked.push(url.href);
  return route.abort();
});
const problems = [];
context.on('page', watch);
function watch(page) {
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('dialog', (d) => { problems.push(`dialog: ${d.message()}`); d.dismiss(); });
}
for (const p of context.pages()) watch(p);
const page = context.pages()[0] || (await context.newPage());

const url = (file) => pathToFileURL(path.join(site, file)).href;

try {
  // The index: every lesson's title, in file order, each a link to its page.
  await page.goto(url('index.html'));
  const links = await page.$$eval('ol.lessons a', (as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
  const titles = files.map((f) => {
    const line = fs.readFileSync(path.join(lessonsDir, f), 'utf8').split('\n').map(statementOf).find((s) => s.startsWith('title '));
    return unquote(line.slice(6).trim());
  });
  eq(links.map((l) => l[0]), titles, 'index titles in file order');
  eq(links.map((l) => l[1]), files.map((f) => f.replace(/\.carc$/, '.html')), 'index links');
  await page.screenshot({ path: path.join(shots, 'index.png'), fullPage: true });
  await page.click('ol.lessons a >> nth=0');
  await page.waitForURL(/01-place-a-tile/);

  let visitedSteps = 0, variations = 0, played = 0;
  for (const [n, file] of files.entries()) {
    const source = path.join(lessonsDir, file);
    const lines = fs.readFileSync(source, 'utf8').split('\n');
    const model = JSON.parse(run(['export', source, '--format', 'json']));
    currentModel = model;
    const steps = model.steps;
    await page.goto(url(file.replace(/\.carc$/, '.html')));
    const useButtons = n % 2 === 1; // odd lessons by the buttons, even ones by the keyboard
    const seen = new Set();

    const current = async () => {
      const shown = await page.$$eval('section.step', (ss) => ss.filter((s) => !s.hidden).map((s) => +s.dataset.step));
      eq(shown.length, 1, `${file}: one step shown`);
      return shown[0];
    };
    const verify = async (id) => {
      eq(await current(), id, `${file}: at step ${id}`);
      seen.add(id);
      visitedSteps++;
      const step = steps[id];
      const section = page.locator(`#step-${id}`);
      // The board: tiles drawn, from the file's text.
      // (a question shows the position at its own line, the one its picture names)
      const at = step.kind === 'setup' ? 0 : step.line;
      const expected = positionAt(lines, at);
      const tiles = await section.locator('.picture [role=img] svg g.tile').count();
      eq(tiles, expected.tiles, `${file} step ${id} (${step.heading}): tiles on the board`);
      eq(step.tiles, expected.tiles, `${file} step ${id}: tiles in the model`);
      // The scores, from the file's `=>` lines.
      const table = await section.locator('table.totals tbody tr').evaluateAll((rows) =>
        rows.map((r) => [r.dataset.colour, +r.querySelector('td.score').textContent]));
      for (const [colour, score] of table) {
        eq(score, expected.scores[colour] || 0, `${file} step ${id} (${step.heading}): ${colour}'s score`);
      }
      eq(table.map((r) => r[0]), model.players, `${file}: every player in the table`);
      // The statement shown is the file's line; a question shows none (the answer).
      const shownStatement = await section.locator('pre.statement').count();
      if (step.kind === 'question') {
        eq(shownStatement, 0, `${file}: the question does not show the answer`);
        // Nothing visible gives the answer away: not the step list, not a refused move of
        // the same tile drawn on the board; one line number for the question.
        const answerStep = steps[step.answer];
        const answerMove = statementOf(lines[answerStep.line - 1]).replace(/^turn [a-z]+ /, '').replace(/\s*(=>.*)?$/, '').replace(/\s*[!?]+$/, '');
        const visibleText = await page.evaluate(() => document.body.innerText);
        ok(!visibleText.includes(answerMove), `${file}: "${answerMove}" is not visible at the question`);
        eq(await section.locator('svg g.refused').count(), 0, `${file}: no refused move on the question's board`);
        const whereLine = (await section.locator('.where').textContent()).match(/line (\d+)/)[1];
        eq(await section.locator('.picture svg').first().getAttribute('data-line'), whereLine, `${file}: one line number for the question`);
        ok((await section.locator('.prompt').textContent()).startsWith('Find the move') ||
          model.puzzle, `${file}: the question asks`);
        eq(await page.textContent('#next'), 'Show the answer ▶', `${file}: the next button reveals`);
      } else if (step.kind !== 'setup') {
        eq(await section.locator('pre.statement').textContent(), statementOf(lines[step.line - 1]),
          `${file} step ${id}: the statement as written`);
      }
      // The explanation: hover's words (the model), whose points agree with the file's `=>`.
      if (step.explanation) {
        const text = await section.locator('.explanation').innerText();
        for (const piece of step.explanation.split('\n').map((l) => l.replace(/\*\*|`/g, '').replace(/^\s*- /, '').trim()).filter(Boolean)) {
          ok(text.includes(piece), `${file} step ${id}: explanation shows "${piece}"\n${text}`);
        }
        const gains = gainsOf(statementOf(lines[step.line - 1]));
        if (gains) {
          const found = {};
          for (const m of text.matchAll(/= (\d+) for ([a-z]+(?: and [a-z]+)*)/g)) {
            // "= 8 for nobody": a completed feature without meeples scores for no colour.
            for (const c of m[2].split(' and ')) if (c !== 'nobody') found[c] = (found[c] || 0) + Number(m[1]);
          }
          eq(found, gains, `${file} step ${id}: the explanation's points are the file's => list`);
        }
      }
      ok((await section.locator('.picture [role=img]').getAttribute('aria-label')).length > 20, `${file}: a text alternative`);
      ok((await section.locator('pre.ascii').textContent()).length > 0, `${file}: the board as text`);
      const status = await page.textContent('#status');
      ok(status.includes(step.heading), `${file}: the status names the step (${status})`);
    };
    const press = async (key, button) => {
      if (useButtons && button) await page.click(button);
      else await page.keyboard.press(key);
    };
    // Depth first: each variation from a step is entered, walked to its end and left.
    const walk = async (id) => {
      await verify(id);
      for (const [k, v] of steps[id].branches.entries()) {
        const variation = model.variations[v];
        if (variation.first == null) continue;
        if (useButtons) await page.locator(`#step-${id} a.branch`).nth(k).click();
        else await page.keyboard.press(String(k + 1));
        variations++;
        let at = variation.first;
        await walk(at);
        while (steps[at].next != null) {
          await press('ArrowRight', '#next');
          at = steps[at].next;
          await walk(at);
        }
        // Leave: back where the variation branched off.
        await press('Escape', '#leave');
        eq(await current(), id, `${file}: leaving "${variation.name}" returns to step ${id}`);
        if (n === 13 && k === 0) await page.screenshot({ path: path.join(shots, 'variation-left.png'), fullPage: true });
      }
    };
    let at = 0;
    await walk(0);
    while (steps[at].next != null) {
      if (steps[at].kind === 'question') {
        // Played as a learner: a wrong legal move, an illegal one, then the right one.
        await play(page, file, steps[at], n, useButtons ? 'clicks' : 'keys');
        const answer = steps[at].answer;
        eq(await current(), answer, `${file}: the right move goes on to the answer`);
        // The refused moves between the question and its answer: back, one by one.
        const between = [];
        for (let j = steps[at].next; j !== answer; j = steps[j].next) between.push(j);
        for (const j of between.reverse()) { await press('ArrowLeft', '#back'); await verify(j); }
        for (let k = 0; k < between.length; k++) await press('ArrowRight', '#next');
        at = answer;
        await walk(at);
        played++;
        continue;
      }
      await press('ArrowRight', '#next');
      at = steps[at].next;
      await walk(at);
    }
    eq([...seen].sort((a, b) => a - b), steps.map((s) => s.id), `${file}: every step visited`);
    // Back to the start, one step at a time along the main line.
    for (let i = 0; i < steps.length && (await current()) !== 0; i++) await press('ArrowLeft', '#back');
    eq(await current(), 0, `${file}: back at the setup`);
    // The last step of the main line, for a person to look at.
    await page.keyboard.press('End');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, file.replace(/\.carc$/, '-end.png')), fullPage: true });
    if (n === 0) await page.screenshot({ path: path.join(shots, 'answer.png'), fullPage: true });
    if (n === 13) {
      await page.keyboard.press('1');
      await page.screenshot({ path: path.join(shots, 'variation.png'), fullPage: true });
    }
    // The last main-line step: its scores are the file's final totals.
    await page.keyboard.press('Home');
  }
  console.log(`walked ${visitedSteps} steps of ${files.length} lessons, ${variations} variations entered and left, ${played} questions played`);
  eq(played, files.map((f) => JSON.parse(run(['export', path.join(lessonsDir, f), '--format', 'json'])).steps.filter((s) => s.kind === 'question').length).reduce((a, b) => a + b, 0), 'every question played');

  // "Find the move" off: the question is passed over.
  await page.goto(url('01-place-a-tile-and-a-meeple.html'));
  await page.uncheck('#quiz');
  await page.keyboard.press('ArrowRight');
  const model1 = JSON.parse(run(['export', path.join(lessonsDir, files[0]), '--format', 'json']));
  const turn = model1.steps.find((s) => s.kind === 'turn').id;
  eq(await page.$eval('section.step:not([hidden])', (s) => +s.dataset.step), turn, 'quiz off: straight to the turn');

  // A puzzle: the question, its hint-free prompt, then the answer with its ranking.
  const puzzle = path.join(repo, 'examples/puzzles/close-the-city.carc');
  run(['export', puzzle, '-o', path.join(work, 'puzzle.html')]);
  await page.goto(pathToFileURL(path.join(work, 'puzzle.html')).href);
  await page.keyboard.press('ArrowRight');
  ok((await page.textContent('section.step:not([hidden]) .prompt')).startsWith('Puzzle: find the best move for red'), 'the puzzle asks');
  await page.click('section.step:not([hidden]) details.hint summary').catch(() => {});
  await page.screenshot({ path: path.join(shots, 'puzzle-question.png') });
  await page.click('#next');
  const ranking = await page.textContent('section.step:not([hidden]) .ranking');
  ok(/legal moves · this is the unique best, \+4/.test(ranking), `the answer's ranking (${ranking})`);
  await page.screenshot({ path: path.join(shots, 'puzzle-answer.png') });

  // Keyboard only: Tab reaches the buttons, Enter presses them; a link moves the focus to
  // the step it opens; the list of every step marks the current one.
  await page.goto(url('14-strategy-close-or-leave-open.html'));
  let tabs = 0;
  while ((await page.evaluate(() => document.activeElement.id)) !== 'next' && tabs++ < 20) await page.keyboard.press('Tab');
  eq(await page.evaluate(() => document.activeElement.id), 'next', 'Tab reaches Next');
  await page.keyboard.press('Enter');
  eq(await page.$eval('section.step:not([hidden])', (s) => +s.dataset.step), 1, 'Enter on Next enters the first variation');
  await page.click('#leave');
  await page.locator('#step-0 a.branch').nth(1).focus();
  await page.keyboard.press('Enter');
  eq(await page.evaluate(() => document.activeElement.id), 'step-2-h', 'the opened step has the focus');
  eq(await page.$eval('nav.moves a[aria-current]', (a) => a.dataset.step), '2', 'the list marks the current step');

  // Phone size and dark mode: the board scales, nothing scrolls sideways, the page is dark.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(url('08-coat-of-arms.html'));
  await page.keyboard.press('End');
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth,
    document.querySelector('section.step:not([hidden]) svg').getBoundingClientRect().width]);
  ok(widths[0] <= widths[1], `no sideways scrolling on a phone (${widths})`);
  ok(widths[2] <= widths[1], `the board fits the phone (${widths})`);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const dark = background.match(/\d+/g).slice(0, 3).map(Number).reduce((a, b) => a + b, 0) < 150;
  ok(dark, `dark background in dark mode (${background})`);
  await page.screenshot({ path: path.join(shots, 'phone-dark.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1100, height: 900 });

  // Hostile strings: they show as text and run nothing.
  const hostileTitle = `</script><script>alert("t")</script><!-- <b>&amp; '\u2028`;
  const hostileName = `"><img src=x onerror=alert(1)> </script>`;
  const hostile = [
    `title "${hostileTitle.replace(/"/g, '\\"')}"`,
    `note "<i>note</i> \\" & </style>"`,
    'players red blue',
    'tile D 0,0 red knight N',
    `mark 0,1 "${hostileName.replace(/"/g, '\\"')}"`,
    `variation "${hostileName.replace(/"/g, '\\"')}" {`,
    '  turn blue E 0,1 r180 => red +4',
    '}',
    'turn blue U 1,0 r90 => nothing',
    '',
  ].join('\n');
  const hostileFile = path.join(work, 'hostile.carc');
  fs.writeFileSync(hostileFile, hostile);
  run(['check', hostileFile]);
  run(['export', hostileFile, '-o', path.join(work, 'hostile.html')]);
  await page.goto(pathToFileURL(path.join(work, 'hostile.html')).href);
  eq(await page.textContent('h1'), hostileTitle, 'a hostile title shows as written');
  eq(await page.title(), hostileTitle, 'and titles the page');
  eq(await page.locator('script').count(), 2, 'no script but the page\'s own');
  eq(await page.locator('img').count(), 0, 'no element from a string');
  await page.keyboard.press('1');
  ok((await page.textContent('#status')).includes(hostileName), 'a hostile variation name shows as written');
  eq(await page.locator('section.step:not([hidden]) .leave-link').textContent(), `Leave the variation “${hostileName}”`, 'and in the leave link');

  // The expansion lessons: each question played (their figures: large meeple, abbot,
  // builder, pig, recall), by clicks and by keys in turn.
  {
    const dir = path.join(repo, 'examples/expansions');
    const out = path.join(work, 'expansions');
    run(['export', dir, '-o', out]);
    let playedHere = 0;
    for (const [k, file] of fs.readdirSync(dir).filter((f) => f.endsWith('.carc')).sort().entries()) {
      const model = JSON.parse(run(['export', path.join(dir, file), '--format', 'json']));
      currentModel = model;
      for (const question of model.steps.filter((s) => s.kind === 'question')) {
        await page.goto(pathToFileURL(path.join(out, file.replace(/\.carc$/, '.html'))).href + `#step-${question.id}`);
        await play(page, `expansions/${file}`, question, 100 + k, (k + playedHere) % 2 ? 'keys' : 'clicks');
        eq(await page.$eval('section.step:not([hidden])', (s) => +s.dataset.step), question.answer, `expansions/${file}: on to the answer`);
        if (file === 'abbot-or-monk.carc') await page.screenshot({ path: path.join(shots, 'abbot-answer.png') });
        playedHere++;
      }
    }
    ok(playedHere >= 5, `expansion questions played (${playedHere})`);
    console.log(`played ${playedHere} questions of the expansion lessons`);
  }

  // ---- the defects of issue 27, each in the browser ----
  // The page opens at the top (its title in sight), on a phone and on a desktop.
  for (const [width, file] of [[375, files[0]], [1280, files[13]], [375, files[13]]]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(url(file.replace(/\.carc$/, '.html')));
    eq(await page.evaluate(() => window.scrollY), 0, `${file} at ${width} px opens at the top`);
    ok(await page.evaluate(() => document.querySelector('h1').getBoundingClientRect().top >= 0), `${file}: the title in sight`);
  }
  // On a phone the toolbar stays pinned: after Next, the Next button is on the screen.
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto(url(files[2].replace(/\.carc$/, '.html')));
  for (let k = 0; k < 3 && !(await page.isDisabled('#next')); k++) {
    await page.click('#next');
    const top = await page.evaluate(() => document.getElementById('next').getBoundingClientRect().top);
    ok(top >= 0 && top < 700, `the Next button stays on a phone's screen (top ${top})`);
  }
  // A whole lesson played on a phone, by taps.
  {
    const file = files[1];
    const model = JSON.parse(run(['export', path.join(lessonsDir, file), '--format', 'json']));
    currentModel = model;
    await page.goto(url(file.replace(/\.carc$/, '.html')));
    await page.click('#next');
    const question = model.steps.find((s) => s.kind === 'question');
    await play(page, `${file} (phone)`, question, 99, 'clicks');
    eq(await page.$eval('section.step:not([hidden])', (s) => +s.dataset.step), question.answer, 'on a phone the lesson goes on to the answer');
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    ok(widths[0] <= widths[1], `no sideways scrolling while playing on a phone (${widths})`);
    await page.screenshot({ path: path.join(shots, 'phone-answer.png') });
  }
  await page.setViewportSize({ width: 1100, height: 900 });
  // Lesson 1's answer shows the knight it teaches (drawn faintly: it scored and returned).
  {
    const model = JSON.parse(run(['export', path.join(lessonsDir, files[0]), '--format', 'json']));
    const turn = model.steps.find((s) => s.kind === 'turn');
    await page.goto(url(files[0].replace(/\.carc$/, '.html')) + `#step-${turn.id}`);
    eq(await page.locator(`#step-${turn.id} .picture svg g.returned`).count(), 1, 'lesson 1: the returned knight is drawn');
    ok((await page.locator(`#step-${turn.id} .picture [role=img]`).getAttribute('aria-label')).includes("red's knight at 0,1 (S) scored and returned"), 'and described');
  }
  // Step counts and → across the ends of variations (lesson 14: two variations, no main line).
  {
    const file = files[13];
    const model = JSON.parse(run(['export', path.join(lessonsDir, file), '--format', 'json']));
    await page.goto(url(file.replace(/\.carc$/, '.html')));
    const status = await page.textContent('#status');
    ok(/^Step 1 of 1: Setup · next: variation “\u2068A: close the city\u2069”$/.test(status), `lesson 14's status says where Next goes (${status})`);
    const [a, b] = model.variations;
    await page.keyboard.press('ArrowRight');
    eq(await page.$eval('section.step:not([hidden])', (s) => +s.dataset.step), a.first, '→ enters variation A');
    await page.keyboard.press('ArrowRight');
    eq(await page.$eval('section.step:not([hidden])', (s) => +s.dataset.step), b.first, '→ at the end of A goes on to B');
    eq(await page.isDisabled('#next'), true, 'at the end of the last variation, Next is off');
    // The author's checks: hidden from learners, shown with Author view.
    eq(await page.locator('section.step:not([hidden]) ul.checks').isVisible(), false, 'expect lines hidden from learners');
    await page.check('#author');
    ok(await page.locator('section.step:not([hidden]) ul.checks').isVisible(), 'expect lines shown in the author view');
    ok((await page.textContent('section.step:not([hidden]) ul.checks')).includes('expect score red 0'), 'the check as written');
  }

  // Hostile fixtures: bidi controls, blank and zero-width titles, a very long title,
  // Markdown in a label, terminal escapes.
  {
    const dir = path.join(work, 'hostile-course');
    fs.mkdirSync(dir);
    const body = 'players red blue\ntile D 0,0\nmark 0,1 "**bold** `code` <b>x</b> [l](u)"\nvariation "Evil \u202e at line 7" {\n  turn red U 1,0 r90\n}\nturn red E 0,1 r180 knight S => red +4\n';
    const fixtures = {
      'a-bidi.carc': 'title "Evil \u202e at line 7"\n' + body,
      'b-blank.carc': 'title "   "\n' + body,
      'c-zero-width.carc': 'title "\u200b\u200d\u2060"\n' + body,
      'd-long.carc': `title "${'W'.repeat(20000)}"\n` + body,
      'e-escapes.carc': 'title "A\u001b]0;pwned\u0007\u001b[31m red"\n' + body,
    };
    for (const [name, text] of Object.entries(fixtures)) fs.writeFileSync(path.join(dir, name), text);
    const out = path.join(work, 'hostile-site');
    run(['export', dir, '-o', out]);
    await page.goto(pathToFileURL(path.join(out, 'index.html')).href);
    const names = await page.$$eval('ol.lessons a', (as) => as.map((a) => a.textContent));
    eq(names[1], 'b-blank', 'a blank title falls back to the file name');
    eq(names[2], 'c-zero-width', 'a zero-width title falls back to the file name');
    eq(await page.$$eval('ol.lessons a bdi', (b) => b.length), 5, 'every title isolated');
    const index = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    ok(index[0] <= index[1], `a 20,000-character title does not widen the index (${index})`);
    await page.screenshot({ path: path.join(shots, 'hostile-index.png') });
    await page.goto(pathToFileURL(path.join(out, 'd-long.html')).href);
    const long = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    ok(long[0] <= long[1], `nor the lesson page (${long})`);
    await page.goto(pathToFileURL(path.join(out, 'a-bidi.html')).href);
    eq(await page.getAttribute('h1', 'dir'), 'auto', 'the title is isolated');
    await page.keyboard.press('1');
    ok((await page.textContent('#status')).includes('\u2068Evil \u202e at line 7\u2069'), 'a variation name is isolated in the status');
    eq(await page.locator('section.step:not([hidden]) .leave-link bdi').count(), 1, 'and in the leave link');
    await page.screenshot({ path: path.join(shots, 'hostile-bidi.png') });
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowRight');
    const hint = page.locator('section.step:not([hidden]) details.hint');
    await hint.locator('summary').click();
    ok((await hint.innerText()).includes('**bold** `code` <b>x</b> [l](u)'), `a label reads as written in the hint (${await hint.innerText()})`);
    eq(await hint.locator('strong').count(), 1, 'only hover\'s own bold (mark) in the hint');
    eq(await hint.locator('code, b').count(), 0, 'no element from a label');
    ok((await page.textContent('section.step:not([hidden]) .prompt')).includes('\u2068**bold**'), 'the label is isolated in the prompt');
    // The terminal: escapes shown escaped, never sent.
    const escFile = path.join(dir, 'e-escapes.carc');
    const rendered = run(['render', '--ascii', escFile]);
    ok(!rendered.includes('\u001b') && !rendered.includes('\u0007') && rendered.includes('\\x1b]0;pwned\\x07'), `render --ascii escapes control characters (${JSON.stringify(rendered.split('\n')[0])})`);
    fs.writeFileSync(path.join(dir, 'f-bad.carc'), 'title "A\u001b[31m \u202e x"\nplayers red blue\ntile D 0,0\nturn red E 0,1 r180 knight S => red +5 # \u001b]0;t\u0007\n');
    let report = '';
    try { run(['check', path.join(dir, 'f-bad.carc')]); } catch (e) { report = e.stdout + e.stderr; }
    ok(report.includes('score-mismatch') && !report.includes('\u001b') && !report.includes('\u0007') && report.includes('\\x1b]0;t\\x07'), `check escapes control characters (${JSON.stringify(report)})`);
  }

  // Without script every step is there, top to bottom, and no controls that would not work.
  const bare = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: flags });
  try {
    const plain = await bare.newContext({ javaScriptEnabled: false });
    await plain.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : (blocked.push(route.request().url()), route.abort())));
    const noScript = await plain.newPage();
    await noScript.goto(url('14-strategy-close-or-leave-open.html'));
    const expectedSections = JSON.parse(run(['export', path.join(lessonsDir, files[13]), '--format', 'json'])).steps.length;
    eq(await noScript.locator('section.step:visible').count(), expectedSections, 'without script every step is shown');
    eq(await noScript.locator('.controls:visible').count(), 0, 'without script no step buttons');
  } finally {
    await bare.close();
  }
} finally {
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
eq(blocked, [], 'no request left the machine');
eq(problems, [], 'no page errors, console errors or dialogs');
console.log(`ok: ${checks} checks; screenshots in ${shots}`);
