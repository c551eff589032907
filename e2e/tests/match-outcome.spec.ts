import { expect, test } from "../fixtures/test.ts";

// Fourteen days after a connection Sam asks each person "Did you meet?". In the chat the three
// answers sit below the question while they may change; a tap opens /match-outcome, which records
// the answer with the same signed token an email link carries, and the chat then shows it chosen.

const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "laptop", viewport: { width: 1280, height: 800 } },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport, personName: "Robin" });

    test("the chat offers the three answers, a tap records one, and another tap changes it", async ({
      page,
      browser,
      person: me,
      signUp,
      db,
    }, testInfo) => {
      const kimContext = await browser.newContext();
      const kim = await signUp(kimContext, "Kim Park");
      await kimContext.close();
      const connectedAt = new Date(Date.now() - 15 * DAY_MS);
      await db.query(
        `update profiles set conversation_stage = 'complete', chat_complete = true, verified = true where user_id = $1`,
        [me.id],
      );
      await db.query(
        `insert into matches (user_id, candidate_id, status, score, connected_at)
         values ($1, $2, 'connected', 84, $3), ($2, $1, 'connected', 84, $3)`,
        [me.id, kim.id, connectedAt],
      );
      await db.query(`insert into match_outcomes (user_id, candidate_id, asked_at) values ($1, $2, $3)`, [
        me.id,
        kim.id,
        new Date(Date.now() - DAY_MS),
      ]);

      await page.goto("/");
      const answers = page.getByRole("link", { name: /^(Yes, we met|We talked but didn't meet|We didn't talk)$/ });
      await expect(answers).toHaveCount(3);
      await expect(page.getByText(/Kim/).first()).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`outcome-question-${size.name}.png`) });

      await page.getByRole("link", { name: "We talked but didn't meet" }).click();
      await expect(page).toHaveURL(/\/match-outcome\?/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you! Sam has noted your answer.");
      await expect(page.getByRole("status")).toHaveText("We talked but didn't meet");
      await page.screenshot({ path: testInfo.outputPath(`outcome-recorded-${size.name}.png`) });
      const stored = await db.query("select outcome from match_outcomes where user_id = $1", [me.id]);
      expect(stored.rows).toEqual([{ outcome: "talked" }]);

      await page.getByRole("link", { name: "Back to Sam" }).click();
      await expect(page.getByRole("link", { name: "We talked but didn't meet" })).toHaveAttribute(
        "aria-current",
        "true",
      );
      await page.getByRole("link", { name: "Yes, we met" }).click();
      await expect(page.getByRole("status")).toHaveText("Yes, we met");
      const changed = await db.query("select outcome from match_outcomes where user_id = $1", [me.id]);
      expect(changed.rows).toEqual([{ outcome: "met" }]);
    });

    test("a link that is no signed answer is refused with a sentence", async ({ page }) => {
      await page.goto("/match-outcome?t=not-a-real-token");
      await expect(page.getByRole("alert")).toHaveText(
        "This link is not valid. Please use a link from Sam's email or chat as it came.",
      );
    });
  });
}
