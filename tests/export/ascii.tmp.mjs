import { chromium } from 'playwright-core';
const files = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
let bad = 0, n = 0;
for (const f of files) {
  const texts = {};
  for (const side of ['before', 'after']) {
    await page.goto(`file:///tmp/exp/${side}/${f}`);
    const count = await page.$$eval('section.step', (s) => s.length);
    texts[side] = [];
    for (let i = 0; i < count; i += (count > 20 ? 37 : 1)) {
      await page.evaluate((i) => { location.hash = '#step-' + i; }, i);
      await page.waitForTimeout(30);
      texts[side].push(await page.$eval(`#step-${i}`, (s) => [s.querySelector('pre.ascii').textContent, [...s.querySelectorAll('.picture [role=img] svg g.label')].map((l) => { const r = l.getBoundingClientRect(), o = l.ownerSVGElement.getBoundingClientRect(); return [Math.round(r.x - o.x), Math.round(r.y - o.y)].join(','); }).sort().join(' '), s.querySelector('.picture [role=img] svg g.coordinates').textContent]));
    }
  }
  texts.before.forEach((t, k) => { n++; for (let j = 0; j < 3; j++) if (t[j] !== texts.after[k][j]) { bad++; console.log('DIFF', f, k, j, JSON.stringify(t[j]).slice(0, 300), '\n VS ', JSON.stringify(texts.after[k][j]).slice(0, 300)); } });
}
console.log('compared', n, 'steps,', bad, 'differences');
await browser.close();
