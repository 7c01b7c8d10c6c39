import type { Locator, Page } from '@playwright/test';
import { openConverter, pasteText, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';
import { STEADY_MODEL_MARKER } from './support/server';

// Issue 20, point 7: pressing Run keeps the page where it is, with the progress and Cancel in
// view; the finished result is brought into view. At 1280 px in light theme and 390 px in dark.

/** The fake model takes about 4 s over text with the marker: time to look at the page. */
const PEOPLE = [
  `Notes ${STEADY_MODEL_MARKER}`,
  'Name: Ada Lovelace\nCity: London',
  'Name: Grace Hopper\nCity: New York',
].join('\n\n');

type RunWatch = {
  /** Frames seen while Cancel was on the page (the run going). */
  frames: number;
  /**
   * How far the page moved on screen, at the least and at the most: how far the Run button (now
   * 'Processing...') sits above where it was when it was pressed. Cancel is no measure of it: on
   * a phone it can wrap below the button.
   */
  minMoved: number;
  maxMoved: number;
  /** Frames in which Cancel was not fully on screen. */
  cancelOutOfView: number;
  /** Whether the waiting message was on screen in the run's last frame. */
  isWaitingInView: boolean;
};

/**
 * Watches the page on every frame while the run goes (while Cancel is there), from the moment Run
 * is pressed until the run ends, whatever the machine's speed: a check made at a few chosen
 * moments can land after a fast run has ended and its result has been brought into view. The
 * page's movement is measured where a person sees it, on screen: window.scrollY also changes when
 * the browser keeps the view still while something above it changes height (scroll anchoring).
 */
function watchRun(run: Locator) {
  return run.evaluate((runButton) => {
    const start = runButton.getBoundingClientRect().top;
    const watch: RunWatch = {
      frames: 0,
      minMoved: 0,
      maxMoved: 0,
      cancelOutOfView: 0,
      isWaitingInView: false,
    };
    const isInView = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    };
    const cancelButton = () =>
      [...document.querySelectorAll('form[aria-label="Converter"] button')].find(
        (button) => button.textContent?.trim() === 'Cancel',
      );
    let hasStarted = false;
    const onFrame = () => {
      const cancel = cancelButton();
      if (!cancel) {
        // Not yet (the click is on its way), or the run has ended.
        if (hasStarted) return;
        requestAnimationFrame(onFrame);
        return;
      }
      hasStarted = true;
      const moved = start - runButton.getBoundingClientRect().top;
      watch.frames += 1;
      watch.minMoved = Math.min(watch.minMoved, moved);
      watch.maxMoved = Math.max(watch.maxMoved, moved);
      if (!isInView(cancel)) watch.cancelOutOfView += 1;
      const waiting = document.querySelector('[data-testid="waiting-message"]');
      watch.isWaitingInView = waiting !== null && isInView(waiting);
      requestAnimationFrame(onFrame);
    };
    requestAnimationFrame(onFrame);
    (window as unknown as { runWatch: RunWatch }).runWatch = watch;
  });
}

/**
 * Presses Run with the button low on the screen, as after filling the form in: while the run goes
 * the page moves no further than it takes to show the progress under Run, and Cancel stays in
 * view; the result is then brought into view.
 */
async function runInPlace(page: Page, converter: Locator) {
  const run = converter.getByRole('button', { name: 'Run', exact: true });
  // Low on the screen, clear of its foot (where a click would first scroll it further up), with
  // the page at rest: filling the text box in scrolls it into view, smoothly (the page's
  // scroll-behavior), and a glide still under way would carry Run off the screen again after it
  // was placed, so that the click's own scroll to it would be counted as the page moving.
  await run.evaluate(async (button) => {
    const untilAtRest = async () => {
      for (let still = 0, last = window.scrollY; still < 5;) {
        await new Promise(requestAnimationFrame);
        still = window.scrollY === last ? still + 1 : 0;
        last = window.scrollY;
      }
    };
    await untilAtRest();
    button.scrollIntoView({ block: 'end', behavior: 'instant' });
    window.scrollBy({ top: 80, behavior: 'instant' });
    await untilAtRest();
  });
  const placed = await run.evaluate((button) => button.getBoundingClientRect().bottom);
  expect(placed, 'where Run sits before it is pressed').toBeLessThanOrEqual(
    page.viewportSize()!.height - 80,
  );
  await watchRun(run);
  await run.click();

  const cancel = converter.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeVisible();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByRole('heading', { name: 'Result' })).toBeInViewport({
    timeout: 20_000,
  });
  await expect(result.getByRole('gridcell', { name: 'Ada Lovelace', exact: true })).toBeVisible();

  const watch = await page.evaluate(() => (window as unknown as { runWatch: RunWatch }).runWatch);
  expect(watch.frames, 'frames seen while the run went').toBeGreaterThan(0);
  // Not sent to the top (or anywhere else): at most the height of the progress lines further.
  expect(watch.minMoved, 'how far the page moved up').toBeGreaterThanOrEqual(0);
  expect(watch.maxMoved, 'how far the page moved down').toBeLessThan(200);
  expect(watch.cancelOutOfView, 'frames with Cancel out of view').toBe(0);
  expect(watch.isWaitingInView, 'the waiting message in view').toBe(true);
}

for (const { width, height, theme } of [
  { width: 1280, height: 800, theme: 'light' },
  { width: 390, height: 844, theme: 'dark' },
] as const) {
  test(`at ${width} px (${theme}), Run keeps the page in place and the result comes into view`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: theme });
    const converter = await openConverter(page);
    await pasteText(converter, PEOPLE);
    await setColumns(converter, ['name', 'city']);
    await runInPlace(page, converter);

    // Again, with the last result on screen below the form.
    await converter
      .getByLabel('Text to convert')
      .fill(`${PEOPLE}\n\nName: Alan Turing\nCity: Wilmslow`);
    await runInPlace(page, converter);
  });
}
