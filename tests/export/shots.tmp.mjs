import { chromium } from 'playwright-core';
import fs from 'fs';
const files = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [1100, 390]) {
  const page = await browser.newPage({ viewport: { width, height: 1200 } });
  for (const side of ['before', 'after']) {
    fs.mkdirSync(`/tmp/exp/shots/${side}`, { recursive: true });
    for (const f of files) {
      await page.goto(`file:///tmp/exp/${side}/${f}`);
      const count = await page.$$eval('section.step', (s) => s.length);
      for (let i = 0; i < count; i += (count > 20 ? 37 : 1)) {
        await page.evaluate((i) => { location.hash = '#step-' + i; }, i);
        await page.waitForTimeout(20);
        await page.locator(`#step-${i}`).screenshot({ path: `/tmp/exp/shots/${side}/${f}-${i}-${width}.png` });
      }
    }
  }
  await page.close();
}
await browser.close();
