import { INSIGHTS_TITLE, type InsightsResponse } from "@sams-web/domain/insights/contracts";
import { FUNNEL_STEP_LABELS, FUNNEL_STEPS } from "@sams-web/domain/insights/rules";
import { MODERATION_PAGE_PATH } from "@sams-web/domain/safety/contracts";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import type { ChartConfiguration } from "chart.js";
import { type ReactNode, useEffect, useMemo } from "react";
import { Link } from "react-router";
import { PageLayout } from "../../components/page-layout.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useInsights } from "./api.ts";
import { ChartCard, NumbersTable, SERIES_COLOURS } from "./chart.tsx";

const count = new Intl.NumberFormat("en-US");
const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 0 });
const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const computedAt = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

const NOTHING_YET = "Nothing in these days yet.";

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const label = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/** "1,234 in all, most on Nov 3 (56)", or that there were none. */
function describeDaily(values: readonly number[], days: readonly string[]): string {
  const total = sum(values);
  if (total === 0) return "none";
  const peak = values.indexOf(Math.max(...values));
  return `${count.format(total)} in all, most on ${label(days[peak] ?? "")} (${count.format(values[peak] ?? 0)})`;
}

/** Daily axes: a few dates along the bottom, whole numbers up the side. */
const dailyScales = {
  x: { ticks: { maxTicksLimit: 6, maxRotation: 0 }, grid: { display: false } },
  y: { beginAtZero: true, ticks: { precision: 0 } },
};

function Figure({ name, value, note }: { name: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-line bg-white p-4">
      <dt className="text-sm text-ink-soft">{name}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      {note && <dd className="text-sm text-ink-soft">{note}</dd>}
    </div>
  );
}

/** The charts' settings, made once per answer (a new object would redraw every chart). */
function chartConfigs(figures: InsightsResponse) {
  const { days, daily, funnel, connectionsByWeek, outcomesByBand } = figures;
  const labels = days.map(label);
  const bands = outcomesByBand.filter((row) => row.band !== "all");
  const signUps: ChartConfiguration = {
    type: "line",
    data: {
      labels,
      datasets: [
        {
          label: "Sign-ups",
          data: daily.signUps,
          borderColor: SERIES_COLOURS.rose,
          backgroundColor: SERIES_COLOURS.rose,
          pointRadius: 0,
        },
        {
          label: "Interviews completed",
          data: daily.interviewsCompleted,
          borderColor: SERIES_COLOURS.dusk,
          backgroundColor: SERIES_COLOURS.dusk,
          pointRadius: 0,
          borderDash: [6, 3],
        },
      ],
    },
    options: {
      scales: dailyScales,
      interaction: { mode: "index", intersect: false },
      // Legend keys drawn as lines, the second dashed like its line.
      plugins: { legend: { labels: { usePointStyle: true, pointStyle: "line" } } },
    },
  };
  const searchBars: ChartConfiguration = {
    type: "bar",
    data: {
      labels,
      datasets: [
        { label: "Found someone", data: daily.searchesFound, backgroundColor: SERIES_COLOURS.moss },
        { label: "Found nobody", data: daily.searchesNobody, backgroundColor: SERIES_COLOURS.dusk },
      ],
    },
    options: {
      scales: { x: { ...dailyScales.x, stacked: true }, y: { ...dailyScales.y, stacked: true } },
      interaction: { mode: "index", intersect: false },
    },
  };
  const funnelBars: ChartConfiguration = {
    type: "bar",
    data: {
      labels: FUNNEL_STEPS.map((step) => FUNNEL_STEP_LABELS[step]),
      datasets: [
        {
          label: "Match records",
          data: FUNNEL_STEPS.map((step) => funnel[step]),
          backgroundColor: SERIES_COLOURS.rose,
        },
      ],
    },
    options: {
      indexAxis: "y",
      plugins: { legend: { display: false } },
      scales: { x: { beginAtZero: true, ticks: { precision: 0 } }, y: { grid: { display: false } } },
    },
  };
  const weekly: ChartConfiguration = {
    type: "bar",
    data: {
      labels: connectionsByWeek.map((week) => `Week of ${label(week.week)}`),
      datasets: [
        {
          label: "Connections",
          data: connectionsByWeek.map((week) => week.connections),
          backgroundColor: SERIES_COLOURS.moss,
        },
      ],
    },
    options: {
      plugins: { legend: { display: false } },
      scales: {
        x: {
          ticks: {
            maxTicksLimit: 7,
            maxRotation: 0,
            callback: (_, index) => label(connectionsByWeek[index]?.week ?? ""),
          },
          grid: { display: false },
        },
        y: { beginAtZero: true, ticks: { precision: 0 } },
      },
    },
  };
  const met: ChartConfiguration = {
    type: "bar",
    data: {
      labels: bands.map((row) => row.band),
      datasets: [
        {
          label: "Met, of those who answered",
          // A band nobody answered has no bar: no share is made up.
          data: bands.map((row) => (row.metShare === null ? null : Math.round(row.metShare * 100))),
          backgroundColor: SERIES_COLOURS.rose,
        },
      ],
    },
    options: {
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            label: (item) => {
              const row = bands[item.dataIndex];
              return row ? `${item.formattedValue}% met (${row.met} of ${row.answered} answered)` : "";
            },
          },
        },
      },
      scales: {
        x: { title: { display: true, text: "Sam's percentage" }, grid: { display: false } },
        y: { beginAtZero: true, max: 100, ticks: { callback: (value) => `${value}%` } },
      },
    },
  };
  const safety: ChartConfiguration = {
    type: "bar",
    data: {
      labels,
      datasets: [
        { label: "Reports", data: daily.reports, backgroundColor: SERIES_COLOURS.rose },
        { label: "Decisions", data: daily.decisions, backgroundColor: SERIES_COLOURS.dusk },
      ],
    },
    options: { scales: dailyScales, interaction: { mode: "index", intersect: false } },
  };
  const model: ChartConfiguration = {
    type: "bar",
    data: {
      labels,
      datasets: [
        { type: "bar", label: "Calls", data: daily.modelCalls, backgroundColor: SERIES_COLOURS.dusk, yAxisID: "y" },
        {
          type: "line",
          label: "Tokens",
          data: daily.modelTokens,
          borderColor: SERIES_COLOURS.amber,
          backgroundColor: SERIES_COLOURS.amber,
          pointRadius: 0,
          yAxisID: "tokens",
        },
      ],
    },
    options: {
      interaction: { mode: "index", intersect: false },
      scales: {
        ...dailyScales,
        tokens: { position: "right", beginAtZero: true, grid: { display: false }, ticks: { precision: 0 } },
      },
    },
  };
  return { signUps, searchBars, funnelBars, weekly, met, safety, model };
}

function Charts({ figures }: { figures: InsightsResponse }) {
  const { days, daily, funnel, connectionsByWeek, outcomesByBand } = figures;
  const searches = sum(daily.searchesFound) + sum(daily.searchesNobody);
  const connections = sum(connectionsByWeek.map((week) => week.connections));
  const bands = outcomesByBand.filter((row) => row.band !== "all");
  const allBands = outcomesByBand.find((row) => row.band === "all");
  // Tables read newest first.
  const dailyRows = (...series: number[][]) =>
    days.map((day, index) => [label(day), ...series.map((values) => count.format(values[index] ?? 0))]).reverse();

  const configs = useMemo(() => chartConfigs(figures), [figures]);

  return (
    <>
      <dl className="mb-8 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure name="Sign-ups" value={count.format(sum(daily.signUps))} />
        <Figure name="Interviews completed" value={count.format(sum(daily.interviewsCompleted))} />
        <Figure
          name="Searches"
          value={count.format(searches)}
          note={searches > 0 ? `${percent.format(sum(daily.searchesFound) / searches)} found someone` : undefined}
        />
        <Figure name="Connections" value={count.format(connections)} />
        <Figure
          name="Met, of those who answered"
          value={allBands?.metShare == null ? "–" : percent.format(allBands.metShare)}
          note={allBands ? `${allBands.met} of ${allBands.answered} answered` : undefined}
        />
        <Figure name="Reports" value={count.format(sum(daily.reports))} />
      </dl>
      <div className="space-y-6">
        <ChartCard
          title="Sign-ups and finished interviews"
          summary={`Per day. Sign-ups: ${describeDaily(daily.signUps, days)}. Interviews completed: ${describeDaily(daily.interviewsCompleted, days)}.`}
          config={configs.signUps}
          empty={sum(daily.signUps) + sum(daily.interviewsCompleted) === 0 ? NOTHING_YET : null}
          table={
            <NumbersTable
              caption="Sign-ups and interviews completed per day"
              head={["Day", "Sign-ups", "Interviews"]}
              rows={dailyRows(daily.signUps, daily.interviewsCompleted)}
            />
          }
        />
        <ChartCard
          title="Searches, and how many found someone"
          summary={`Per day. Searches that found someone: ${describeDaily(daily.searchesFound, days)}. Searches that found nobody: ${describeDaily(daily.searchesNobody, days)}.`}
          config={configs.searchBars}
          empty={searches === 0 ? NOTHING_YET : null}
          table={
            <NumbersTable
              caption="Searches per day"
              head={["Day", "Found someone", "Found nobody"]}
              rows={dailyRows(daily.searchesFound, daily.searchesNobody)}
            />
          }
        />
        <ChartCard
          title="From a pair found to a connection"
          description="Each person's view of a candidate: Sam put them forward, the person answered follow-up questions about them (only where Sam was unsure), saw them in the photo review, kept them, and both connected."
          summary={FUNNEL_STEPS.map((step) => `${FUNNEL_STEP_LABELS[step]}: ${count.format(funnel[step])}`).join(". ")}
          config={configs.funnelBars}
          height="h-56"
          empty={funnel.found === 0 ? NOTHING_YET : null}
          table={
            <NumbersTable
              caption="The match funnel"
              head={["Step", "Records", "Of those found"]}
              rows={FUNNEL_STEPS.map((step) => [
                FUNNEL_STEP_LABELS[step],
                count.format(funnel[step]),
                funnel.found > 0 ? percent.format(funnel[step] / funnel.found) : "–",
              ])}
            />
          }
        />
        <ChartCard
          title="Connections by week"
          description="Pairs who both confirmed and were introduced, by the week (from Monday, UTC) they connected."
          summary={`Connections per week: ${count.format(connections)} in all.`}
          config={configs.weekly}
          empty={connections === 0 ? NOTHING_YET : null}
          table={
            <NumbersTable
              caption="Connections by week"
              head={["Week of", "Connections"]}
              rows={connectionsByWeek.map((week) => [label(week.week), count.format(week.connections)])}
            />
          }
        />
        <ChartCard
          title="Did you meet? By Sam's percentage"
          description="Of the connections made in these days, the share where either person answered 'Yes, we met', among those who answered. If Sam's percentage means something, the bars rise from left to right. With few answers a bar is noise: read it with its counts."
          summary={bands
            .map((row) =>
              row.metShare === null
                ? `${row.band}: no answers yet`
                : `${row.band}: ${percent.format(row.metShare)} met, ${row.met} of ${row.answered} answered`,
            )
            .join(". ")}
          config={configs.met}
          empty={(allBands?.answered ?? 0) === 0 ? "No answers to 'Did you meet?' in these days yet." : null}
          table={
            <NumbersTable
              caption="Did you meet, by score band"
              head={["Band", "Connections", "Asked", "Answered", "Met", "Met share"]}
              rows={outcomesByBand.map((row) => [
                row.band,
                row.connections,
                row.asked,
                row.answered,
                row.met,
                row.metShare === null ? "–" : percent.format(row.metShare),
              ])}
            />
          }
        />
        <ChartCard
          title="Reports and decisions"
          summary={`Per day. Reports: ${describeDaily(daily.reports, days)}. Moderation decisions: ${describeDaily(daily.decisions, days)}.`}
          config={configs.safety}
          empty={sum(daily.reports) + sum(daily.decisions) === 0 ? NOTHING_YET : null}
          table={
            <NumbersTable
              caption="Reports and decisions per day"
              head={["Day", "Reports", "Decisions"]}
              rows={dailyRows(daily.reports, daily.decisions)}
            />
          }
        />
        <ChartCard
          title="Language model calls and tokens"
          description="Sam's replies, compatibility scoring and narratives together, when a model is configured."
          summary={`Per day. Calls: ${describeDaily(daily.modelCalls, days)}. Tokens: ${describeDaily(daily.modelTokens, days)}.`}
          config={configs.model}
          empty={sum(daily.modelCalls) === 0 ? NOTHING_YET : null}
          table={
            <NumbersTable
              caption="Model calls and tokens per day"
              head={["Day", "Calls", "Tokens"]}
              rows={dailyRows(daily.modelCalls, daily.modelTokens)}
            />
          }
        />
      </div>
      <p className="mt-6 text-sm text-ink-soft">Computed {computedAt.format(figures.computedAt)}.</p>
    </>
  );
}

/**
 * /admin/insights: how the product works for people, for moderators (ADMIN_EMAILS). Anyone else
 * gets the figures' 404 and sees `notFound`, the app's not-found screen.
 */
export default function InsightsPage({ notFound }: { notFound: ReactNode }) {
  const insights = useInsights();
  const hidden = insights.error instanceof ApiError && insights.error.httpStatus === 404;
  useEffect(() => {
    if (insights.data) document.title = INSIGHTS_TITLE;
  }, [insights.data]);
  if (hidden) return <>{notFound}</>;
  return (
    <PageLayout
      title="Insights"
      width="max-w-4xl"
      intro={
        <>
          <p>{MESSAGES.insightsAbout}</p>
          <p className="mt-2">
            <Link to={MODERATION_PAGE_PATH} className="link">
              Moderation queue
            </Link>
          </p>
        </>
      }
    >
      <p role="status" className="mb-4 min-h-6 text-sm">
        {insights.isPending ? MESSAGES.insightsLoading : ""}
      </p>
      {insights.isError && (
        <div role="alert" className="mb-4">
          <p>{MESSAGES.insightsLoadFailed}</p>
          <button type="button" className="btn-secondary mt-3" onClick={() => void insights.refetch()}>
            Try again
          </button>
        </div>
      )}
      {insights.data && <Charts figures={insights.data} />}
    </PageLayout>
  );
}
