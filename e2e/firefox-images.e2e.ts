/**
 * Images into Gloss's composer in a headed Firefox ESR (issue 16), with real input only (xdotool
 * on the virtual display; Firefox keeps its sidebar out of WebDriver's reach): an image pasted
 * (copied with Firefox's own "Copy Image"), an image file dropped (dragged with the mouse), a
 * scanned PDF picked with the paperclip in GTK's file dialog, and a region of a screenshot chosen
 * with the camera; each reaches the (fake LM Studio) model as JPEG `image_url` parts. The page's
 * menu items are in firefox-ui.e2e.ts.
 *
 * No file manager runs on the bare X server to drag files from, so the image file is offered by
 * the test page: dragging its label carries a real `File` (DataTransferItemList.add in
 * `dragstart`), which the sidebar gets in `dataTransfer.files` as from a file manager. A PDF
 * offered the same way is not dropped: Firefox carries a page's image files into the sidebar's
 * process but not its other files (the drag ends with dropEffect "none", the sidebar sees no
 * drop), so the scanned PDF comes through the file dialog, the other way a user gives one.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest';
import { imagePdf } from './fixtures/pdf';
import { COMPOSER, CHART, startFirefox, type Firefox } from './firefox-run';
import { xdotool } from './xvfb';

const SCAN = Buffer.from(imagePdf(3));
const PAGE = `<!doctype html><title>Tides</title><body style="font-size: 24px">
<p id="first">Tides are caused by the gravity of the Moon.</p>
<img id="chart" src="/chart.png" width="300" height="200" alt="Tide chart">
<p><span id="png" draggable="true" style="padding: 12px; background: #ddd">chart.png</span></p>
<script>
let file;
fetch('/chart.png').then((r) => r.blob()).then((b) => { file = new File([b], 'chart.png', { type: 'image/png' }); });
addEventListener('dragstart', (e) => { if (e.target.id === 'png') e.dataTransfer.items.add(file); });
</script>`;

let ff: Firefox;

beforeAll(async () => {
  ff = await startFirefox((req, res) => {
    if (req.url === '/chart.png') res.writeHead(200, { 'content-type': 'image/png' }).end(CHART);
    else res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
}, 120_000);

afterAll(() => ff.close());

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The centre of the page's element `id`, on screen. */
function onScreen(id: string): Promise<{ x: number; y: number }> {
  return ff.bidi.evaluate(
    ff.pageUrl,
    `(() => { getSelection().removeAllRanges(); const box = document.getElementById(${JSON.stringify(id)}).getBoundingClientRect();
      return { x: mozInnerScreenX + box.x + box.width / 2, y: mozInnerScreenY + box.y + box.height / 2 }; })()`,
  );
}

/** Drags the page's element `id` with the mouse, in small steps, onto the sidebar's question box. */
async function dragToComposer(id: string): Promise<void> {
  const from = await onScreen(id);
  const bar = await ff.sidebar();
  const to = { x: bar.x0 + 60, y: bar.y1 - COMPOSER.boxCentre };
  const d = ff.display.name;
  await xdotool(d, 'mousemove', String(Math.round(from.x)), String(Math.round(from.y)), 'sleep', '0.2');
  await xdotool(d, 'mousedown', '1', 'sleep', '0.2');
  for (let i = 1; i <= 12; i++) {
    const x = from.x + ((to.x - from.x) * i) / 12;
    const y = from.y + ((to.y - from.y) * i) / 12;
    await xdotool(d, 'mousemove', String(Math.round(x)), String(Math.round(y)), 'sleep', '0.05');
  }
  await xdotool(d, 'sleep', '0.3', 'mouseup', '1');
}

test('the first run finds the local server, and the chat opens', async () => {
  await ff.useLocalServer();
});

test('an image copied with Firefox\'s "Copy Image" and pasted into the question box reaches the model', async () => {
  await ff.menuAt(await onScreen('chart'));
  await xdotool(ff.display.name, 'key', 'y'); // "Copy Image", by its access key
  await ff.clickQuestionBox();
  await xdotool(ff.display.name, 'key', 'ctrl+v');
  await pause(1500); // the panel scales and re-encodes it
  await ff.askAndGetPrompt('What does the pasted chart show?');
  // The file's own pixels, as copied: 600×400, re-encoded as JPEG.
  expect(ff.sentImages()).toEqual(['600×400']);
});

test('an image file dropped on the question box reaches the model', async () => {
  await dragToComposer('png');
  await pause(1500);
  await ff.clickQuestionBox();
  await ff.askAndGetPrompt('What does the dropped chart show?');
  expect(ff.sentImages()).toEqual(['600×400']);
});

test('a scanned PDF picked with the paperclip offers its pages, and those added reach the model as images', async () => {
  // Picked in GTK's file dialog, from the home folder it opens in ("~/" opens its location field).
  const name = `gloss-scan-${process.pid}.pdf`;
  const path = join(homedir(), name);
  writeFileSync(path, SCAN);
  onTestFinished(() => rmSync(path, { force: true }));
  await ff.clickQuestionBox();
  await xdotool(ff.display.name, 'key', 'Tab', 'Return'); // the paperclip
  await pause(2000);
  await xdotool(ff.display.name, 'type', '--delay', '80', `~/${name}`);
  await pause(500);
  await xdotool(ff.display.name, 'key', 'Return');
  await pause(4000); // PDF.js reads it and finds no text
  await ff.clickQuestionBox();
  // Back from the question box past the four quick actions: the offer's "Add pages as images"
  // (its field proposes pages 1–3).
  await xdotool(ff.display.name, 'key', 'shift+Tab', 'shift+Tab', 'shift+Tab', 'shift+Tab', 'shift+Tab', 'Return');
  await pause(4000); // each page is drawn at 1,568 px on its long side
  await ff.clickQuestionBox();
  await ff.askAndGetPrompt('What do the scanned pages say?');
  // US Letter drawn with its long side at 1,568 px.
  expect(ff.sentImages()).toEqual(['1212×1568', '1212×1568', '1212×1568']);
});

test('the camera shows a screenshot, and the region dragged over it reaches the model', async () => {
  // Firefox lets Gloss capture a tab after its shortcut or menu was used there (activeTab).
  await ff.bidi.evaluate(ff.pageUrl, `getSelection().selectAllChildren(document.getElementById('first'))`);
  await xdotool(ff.display.name, 'key', 'alt+shift+q');
  await pause(1000);
  await ff.clickQuestionBox();
  // The tools under the box: the paperclip, the tab picker, Search the web, then the camera.
  await xdotool(ff.display.name, 'key', 'Tab', 'Tab', 'Tab', 'Tab', 'Return');
  await pause(2000); // the sidebar takes the screenshot and shows it
  const bar = await ff.sidebar();
  const d = ff.display.name;
  await xdotool(d, 'mousemove', String(bar.x0 + 40), String(bar.y0 + 140), 'sleep', '0.1', 'mousedown', '1');
  await xdotool(d, 'mousemove', String(bar.x0 + 100), String(bar.y0 + 170), 'sleep', '0.1');
  await xdotool(d, 'mousemove', String(bar.x0 + 160), String(bar.y0 + 220), 'sleep', '0.1', 'mouseup', '1');
  await xdotool(d, 'key', 'Return');
  await pause(1000);
  await ff.clickQuestionBox();
  await ff.askAndGetPrompt('What is in this part?');
  // 120×80 of the shown screenshot, in the capture's pixels: a part, 3:2 like the drag.
  const [region] = ff.sentImages();
  const [w, h] = (region ?? '0×0').split('×').map(Number) as [number, number];
  expect(w).toBeGreaterThanOrEqual(120);
  expect(w).toBeLessThan((await ff.pageBox()).w);
  expect(w / h).toBeCloseTo(1.5, 1);
});
