import { data, Form, redirect, useNavigation } from "react-router";
import { RebuildBusyError, RebuildUnavailableError } from "../../../backend/stock/search-index-console";
import { formatCount } from "../../../domain/format";
import { answersOutages } from "../../engine-outage.server";
import { CheckAgain, useFollowWhile } from "../../staff/follow-progress";
import { londonTime } from "../../staff/lead-views.server";
import { staffPageMeta } from "../../staff/staff-meta";
import { asMember, checkedForm, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/stock-search-index";

export function meta() {
  return staffPageMeta("Search index");
}

const PAGE = "/staff/stock/search-index";

/** The search index's health for the stock console, and its rebuild: 503, as any page, while the store cannot count the stock. */
export const loader = answersOutages(load);

async function load({ url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "stock");
  const health = await asMember(() => staffOf(context).services.searchIndex.health(member));
  const { rebuild } = health;
  return {
    csrf: member.session.csrfToken,
    engine: health.engine === "embedded" ? "The site's own index (embedded)" : "Meilisearch",
    usesMeilisearch: health.engine === "meilisearch",
    inStore: formatCount(health.inStore),
    inIndex: health.inIndex === undefined ? "not known" : formatCount(health.inIndex),
    inStep: health.inIndex === undefined || health.inIndex === health.inStore,
    builtAt: health.builtAt && { at: health.builtAt.toISOString(), text: londonTime(health.builtAt) },
    rebuild: rebuild && {
      running: rebuild.finishedAt === undefined,
      by: rebuild.by,
      started: londonTime(rebuild.startedAt),
      seconds: Math.round(((rebuild.finishedAt ?? new Date()).getTime() - rebuild.startedAt.getTime()) / 1000),
      documents: rebuild.documents === undefined ? undefined : formatCount(rebuild.documents),
      failure: rebuild.failure,
    },
    failedTasks: health.failedTasks.map((task) => ({ ...task, finishedAt: task.finishedAt && londonTime(task.finishedAt) })),
    limitation: health.limitation,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const member = requireMember(context, url, "stock");
  const { services, address } = staffOf(context);
  await checkedForm(member, request);
  try {
    await asMember(() => services.searchIndex.startRebuild(member, address));
  } catch (error) {
    if (error instanceof RebuildBusyError || error instanceof RebuildUnavailableError)
      return data({ problem: error.message }, { status: 409 });
    throw error;
  }
  return redirect(PAGE, 303);
}

export default function SearchIndex({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, engine, usesMeilisearch, inStore, inIndex, inStep, builtAt, rebuild, failedTasks, limitation } = loaderData;
  const sending = useNavigation().state === "submitting";
  useFollowWhile(rebuild?.running === true);
  return (
    <section className="staff-page">
      <h1>Search index</h1>
      {actionData?.problem && (
        <p className="notice notice--problem" role="alert">
          {actionData.problem}
        </p>
      )}
      <table className="staff-table staff-counts">
        <caption>What answers the site's searches</caption>
        <tbody>
          <tr>
            <th scope="row">Engine</th>
            <td>{engine}</td>
          </tr>
          <tr>
            <th scope="row">Vehicles in stock</th>
            <td>{inStore}</td>
          </tr>
          <tr>
            <th scope="row">Vehicles in the index</th>
            <td>{inIndex}</td>
          </tr>
          <tr>
            <th scope="row">Last built</th>
            <td>{builtAt ? <time dateTime={builtAt.at}>{builtAt.text}</time> : "not known"}</td>
          </tr>
        </tbody>
      </table>
      {!inStep && !rebuild?.running && (
        <p className="notice" role="status">
          The index and the stock disagree: the index may still be catching up with an import. Rebuild it if they stay apart.
        </p>
      )}
      {limitation && <p className="notice">{limitation}</p>}
      {rebuild?.running ? (
        <div className="staff-progress">
          <label htmlFor="rebuild-progress">
            Rebuilding the index, started by {rebuild.by} at {rebuild.started}
          </label>
          <progress id="rebuild-progress" max={100} />
          <p role="status">Running for {rebuild.seconds} s. Searches go on from the old index until the new one is ready.</p>
          <CheckAgain href={PAGE} />
        </div>
      ) : (
        <Form method="post" className="staff-form">
          <input type="hidden" name="csrf" value={csrf} />
          <p className="staff-hint">Builds the index afresh from the stock, then swaps it in: searches carry on meanwhile.</p>
          <button type="submit" className="button" disabled={sending}>
            {sending ? "Starting…" : "Rebuild index"}
          </button>
        </Form>
      )}
      {rebuild && !rebuild.running && (
        <p className={rebuild.failure ? "notice notice--problem" : "notice notice--done"} role="status">
          {rebuild.failure ?? `Rebuilt by ${rebuild.by} at ${rebuild.started}: ${rebuild.documents} vehicles in ${rebuild.seconds} s.`}
        </p>
      )}
      {usesMeilisearch && (
        <section aria-labelledby="failed-tasks">
          <h2 id="failed-tasks">Meilisearch's recent failed tasks</h2>
          {failedTasks.length === 0 ? (
            <p>None.</p>
          ) : (
            <ul className="staff-rejections">
              {failedTasks.map((task) => (
                <li key={task.uid}>
                  Task {task.uid} ({task.type}){task.finishedAt ? `, ${task.finishedAt}` : ""}: {task.error}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
