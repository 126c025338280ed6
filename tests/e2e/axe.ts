/**
 * axe as the browser specs run it. By default @axe-core/playwright runs axe in each frame and then
 * opens a blank page to merge the results, a new page (and renderer) for every check; the app has
 * no frames of other origins, so axe runs in the page itself (legacy mode) and only violations
 * are detailed: the same findings in about half the time.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The WCAG 2.2 A and AA rules. */
export const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** An axe check of the page as it is now; `withTags` narrows it to a set of rules. */
export const axeOn = (page: Page) => new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode(true);
