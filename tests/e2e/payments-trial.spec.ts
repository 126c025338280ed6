/**
 * The trial banner (issue 29): a production server that takes no real money (the sandbox with
 * PAYMENTS_SANDBOX=1, or a Freedom Pay test merchant) says so on every page, in the visitor's
 * language. The banner is in the server's HTML, so it runs once, with JavaScript on (`@js-only`):
 * the no-JS run started a second production server (migrating an empty folder) for the same
 * bytes. A server of its own (tests/e2e/server-process.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expectAccessible } from "./host-support";
import { expect, test } from "./fixtures";
import { ServerProcess } from "./server-process";

const PORT = Number(process.env.TRIAL_E2E_PORT ?? 3292);

test.describe("a trial in production (PAYMENTS_SANDBOX=1)", { tag: "@js-only" }, () => {
  let trial: ServerProcess;
  let trialDir: string;
  test.beforeAll(async () => {
    test.setTimeout(200_000);
    trialDir = fs.mkdtempSync(path.join(os.tmpdir(), "konok-trial-e2e-"));
    trial = await ServerProcess.start({
      PORT: String(PORT),
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      NODE_ENV: "production",
      DATA_DIR: trialDir,
      SESSION_SECRET: "t".repeat(40),
      DATA_ENCRYPTION_KEY: "k".repeat(40),
      PAYMENTS_SANDBOX: "1",
      // Production asks for an SMS gateway too; `log` is its trial.
      SMS_PROVIDER: "log",
    });
    // A production start migrates an empty PGlite folder first: slow on a busy machine.
    await trial.answering(170_000);
  });
  test.afterAll(async () => {
    await trial?.stop();
    if (trialDir) fs.rmSync(trialDir, { recursive: true, force: true });
  });

  test("every page says no real money is taken, in the visitor's language", async ({ page, javaScriptEnabled }) => {
    const words = { "": "Пробный режим: оплата не настоящая, деньги не списываются", "/en": "Trial: no real money is taken", "/ky": "Сыноо режими: чыныгы акча алынбайт" };
    for (const [prefix, text] of Object.entries(words)) {
      for (const pathname of ["/", "/estates", "/login"]) {
        await page.goto(`http://127.0.0.1:${PORT}${prefix}${pathname === "/" && prefix ? "" : pathname}`);
        await expect(page.getByTestId("trial-banner")).toHaveText(text);
      }
    }
    await expectAccessible(page, javaScriptEnabled);
    expect(trial.output).toContain("a trial, said on every page");
  });
});
