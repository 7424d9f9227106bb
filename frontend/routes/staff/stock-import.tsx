import { data, Form, redirect, useNavigation } from "react-router";
import { boundaryOf, MalformedUploadError, UploadTooLargeError } from "../../../backend/http/multipart-upload";
import { hasRole } from "../../../backend/staff/permissions";
import { ImportBusyError, ImportNotFoundError, MassRemovalNotConfirmedError } from "../../../backend/stock/stock-imports";
import { STOCK_UPLOAD_PAGE } from "../../../backend/stock/stock-upload";
import { CheckAgain, useFollowWhile } from "../../staff/follow-progress";
import { MODE_LABELS } from "../../staff/stock-import-labels";
import {
  feedView,
  historyRow,
  importView,
  type FeedView,
  type ImportCountsView,
  type ImportHistoryRow,
  type ImportView,
} from "../../staff/stock-import-views.server";
import { staffPageMeta } from "../../staff/staff-meta";
import { receiveFeedForm } from "../../staff/stock-upload.server";
import { asMember, checkedForm, formText, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/stock-import";

export function meta() {
  return staffPageMeta("Import stock");
}

/**
 * The stock console's import: upload a feed, see what it would do (a dry run through the
 * command line's import code), confirm, and follow the import as it runs in the site's
 * background. The page refreshes itself while an import is under way: with JavaScript by
 * asking again every second, without it by a refresh tag, and a "Check again" link either way.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "stock");
  const { stock, feed } = staffOf(context).services;
  const latest = await asMember(async () => stock.latest(member));
  const history = await asMember(() => stock.history(member));
  return {
    csrf: member.session.csrfToken,
    latest: latest && importView(latest, member.account.id, hasRole(member.account.role, "admin")),
    underWay: (await stock.underWay(member)) !== undefined,
    maxMegabytes: Math.floor(stock.settings.maxUploadBytes / (1 << 20)),
    history: history.map(historyRow),
    feed: feed && feedView(await feed.status()),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const member = requireMember(context, url, "stock");
  const { services, address } = staffOf(context);
  const { stock } = services;
  try {
    const boundary = boundaryOf(request.headers.get("content-type"));
    const body = request.body;
    if (boundary && body) {
      const upload = await asMember(() => receiveFeedForm(body, boundary, member, stock));
      if ("problem" in upload) return data({ problem: upload.problem }, { status: 400 });
      await stock.start(member, address, upload.file, upload.mode);
      return redirect(STOCK_UPLOAD_PAGE, 303);
    }
    const form = await checkedForm(member, request);
    const id = formText(form, "id");
    if (formText(form, "intent") === "cancel") await asMember(() => stock.cancel(member, address, id));
    else await asMember(() => stock.apply(member, address, id, formText(form, "confirmRemoval") === "yes"));
    return redirect(STOCK_UPLOAD_PAGE, 303);
  } catch (error) {
    if (error instanceof UploadTooLargeError) return data({ problem: `${error.message}. Choose a smaller file.` }, { status: 413 });
    if (error instanceof MalformedUploadError) return data({ problem: `The upload could not be read: ${error.message}.` }, { status: 400 });
    if (error instanceof ImportBusyError || error instanceof ImportNotFoundError) return data({ problem: error.message }, { status: 409 });
    if (error instanceof MassRemovalNotConfirmedError) return data({ problem: error.message }, { status: 400 });
    throw error;
  }
}

export default function StockImport({ loaderData, actionData }: Route.ComponentProps) {
  const { latest, underWay, csrf, history, maxMegabytes, feed } = loaderData;
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const working = latest?.phase === "previewing" || latest?.phase === "applying";
  useFollowWhile(working);
  return (
    <section className="staff-page">
      <h1>Import stock</h1>
      {actionData?.problem && (
        <p className="notice notice--problem" role="alert">
          {actionData.problem}
        </p>
      )}
      {latest && <LatestImport view={latest} csrf={csrf} />}
      {!underWay && (
        <Form method="post" encType="multipart/form-data" className="staff-form" aria-labelledby="upload-heading">
          <h2 id="upload-heading">Upload a feed</h2>
          <input type="hidden" name="csrf" value={csrf} />
          <label htmlFor="stock-feed">Feed file: CSV, a JSON array or NDJSON, up to {maxMegabytes} MB</label>
          <input id="stock-feed" name="feed" type="file" accept=".csv,.json,.ndjson,.jsonl,text/csv,application/json" required />
          <fieldset className="staff-choices">
            <legend>The file is</legend>
            {(["replace", "upsert"] as const).map((mode) => (
              <div className="staff-filters__check" key={mode}>
                <input id={`stock-mode-${mode}`} type="radio" name="mode" value={mode} defaultChecked={mode === "upsert"} />
                <label htmlFor={`stock-mode-${mode}`}>{MODE_LABELS[mode]}</label>
              </div>
            ))}
          </fieldset>
          <p className="staff-hint">Nothing changes yet: you see what the file would do first.</p>
          <button type="submit" className="button" disabled={uploading}>
            {uploading ? "Uploading…" : "Upload and preview"}
          </button>
        </Form>
      )}
      {feed && <ScheduledFeedStatus feed={feed} />}
      <ImportHistory rows={history} />
    </section>
  );
}

function ScheduledFeedStatus({ feed }: { feed: FeedView }) {
  return (
    <section aria-labelledby="scheduled-feed">
      <h2 id="scheduled-feed">Scheduled feed</h2>
      <p>
        {feed.source}, {feed.schedule}.{feed.next && ` Next fetch at ${feed.next}.`}
      </p>
      {feed.lastRun ? (
        <p className={feed.lastRun.ok ? "notice" : "notice notice--problem"} role={feed.lastRun.ok ? "status" : "alert"}>
          {feed.lastRun.ok ? "Last fetched" : "Failing: last tried"} <time dateTime={feed.lastRun.at}>{feed.lastRun.when}</time>.{" "}
          {feed.lastRun.message}
        </p>
      ) : (
        <p>Not fetched yet.</p>
      )}
    </section>
  );
}

function LatestImport({ view, csrf }: { view: ImportView; csrf: string }) {
  const heading = `${view.fileName} (${view.fileSize}, ${view.mode}), started by ${view.by} at ${view.started}`;
  return (
    <section className="staff-import" aria-labelledby="latest-import">
      <h2 id="latest-import">{PHASE_HEADINGS[view.phase]}</h2>
      <p>{heading}</p>
      {view.progress && (
        <div className="staff-progress">
          <label htmlFor="import-progress">{view.progress.label}</label>
          <progress id="import-progress" max={100} {...(view.progress.percent === undefined ? {} : { value: view.progress.percent })}>
            {view.progress.percent === undefined ? "" : `${view.progress.percent}%`}
          </progress>
          <p role="status">{view.progress.detail}</p>
          <CheckAgain href={STOCK_UPLOAD_PAGE} />
        </div>
      )}
      {view.phase === "ready" && view.preview && (
        <>
          <Counts counts={view.preview} caption="What the import would do" />
          {view.mine ? (
            <div className="staff-import__actions">
              <Form method="post" className="staff-form">
                <input type="hidden" name="csrf" value={csrf} />
                <input type="hidden" name="id" value={view.id} />
                {view.guard && (
                  <div className="staff-filters__check">
                    <input id="confirm-removal" name="confirmRemoval" type="checkbox" value="yes" required />
                    <label htmlFor="confirm-removal">
                      <strong>{view.guard}</strong> Tick to confirm.
                    </label>
                  </div>
                )}
                <button type="submit" name="intent" value="apply" className={view.guard ? "button button--danger" : "button"}>
                  Import now
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="csrf" value={csrf} />
                <input type="hidden" name="id" value={view.id} />
                <button type="submit" name="intent" value="cancel" className="button button--quiet">
                  Cancel
                </button>
              </Form>
            </div>
          ) : (
            <p className="notice" role="status">
              {view.by} is about to import this file. Only they can confirm or cancel it.
            </p>
          )}
        </>
      )}
      {view.result && <Counts counts={view.result} caption={`What the import did, in ${view.result.seconds} s`} />}
      {view.phase === "done" && (
        <p className="notice notice--done" role="status">
          The stock is imported; the search shows it within seconds.
        </p>
      )}
      {view.failure && (
        <p className="notice notice--problem" role="alert">
          {view.failure}
        </p>
      )}
      {view.searchFailure && (
        <p className="notice notice--problem" role="alert">
          {view.searchFailure}
        </p>
      )}
      {view.rejectedTotal > 0 && <Rejections view={view} />}
    </section>
  );
}

const PHASE_HEADINGS: Record<ImportView["phase"], string> = {
  previewing: "Checking the file",
  ready: "Preview: nothing is changed until you confirm",
  applying: "Importing",
  done: "Import finished",
  failed: "Import failed: nothing was changed",
  cancelled: "Import cancelled: nothing was changed",
};

function Counts({ counts, caption }: { counts: ImportCountsView; caption: string }) {
  const rows = [
    ["Rows read", counts.rows],
    ["Added", counts.added],
    ["Updated", counts.updated],
    ["Unchanged", counts.unchanged],
    ["Removed as sold", counts.removed],
    ["Rejected", counts.rejected],
  ] as const;
  return (
    <>
      <table className="staff-table staff-counts">
        <caption>{caption}</caption>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {counts.removalsWithheld && (
        <p className="notice">
          Some rejected rows name no vehicle and might be vehicles still in stock, so none is removed as sold. Fix them and import again.
        </p>
      )}
      {counts.ignoredColumns.length > 0 && <p>Columns no field matches, ignored: {counts.ignoredColumns.join(", ")}</p>}
    </>
  );
}

function Rejections({ view }: { view: ImportView }) {
  return (
    <>
      <h3>Rejected rows</h3>
      <ul className="staff-rejections">
        {view.rejected.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <p>
        <a href={`${STOCK_UPLOAD_PAGE}/${view.id}/rejected.csv`} download>
          Download all {view.rejectedTotal.toLocaleString("en-GB")} rejected rows as CSV
        </a>
      </p>
    </>
  );
}

function ImportHistory({ rows }: { rows: ImportHistoryRow[] }) {
  return (
    <section aria-labelledby="import-history">
      <h2 id="import-history">Recent imports</h2>
      {rows.length === 0 ? (
        <p>No imports from this console yet.</p>
      ) : (
        <div className="staff-table-scroll" tabIndex={0} role="region" aria-label="Recent imports">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">File</th>
                <th scope="col">As</th>
                <th scope="col">Counts</th>
                <th scope="col">Took</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={`${row.at}-${i}`}>
                  <td>
                    <time dateTime={row.at}>{row.when}</time>
                  </td>
                  <td>{row.who}</td>
                  <td>{row.file}</td>
                  <td>{row.mode}</td>
                  <td>{row.counts}</td>
                  <td>{row.duration}</td>
                  <td>{row.result}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
