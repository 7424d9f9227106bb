import { data, Form, Link, redirect } from "react-router";
import { boundaryOf, MalformedUploadError, UploadTooLargeError } from "../../../backend/http/multipart-upload";
import { vehicleIdSchema } from "../../../domain/vehicle";
import type { PhotoEdit } from "../../../backend/stock/photo-desk";
import { photoIdSchema } from "../../../domain/vehicle-photo-schema";
import { photoUrl } from "../../../domain/vehicle-photos";
import { staffPageMeta } from "../../staff/staff-meta";
import { withPhotoForm } from "../../staff/photo-upload.server";
import type { PhotoOutcome } from "../../staff/PhotoManager";
import { asMember, checkedForm, formText, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/stock-photos";

export function meta() {
  return staffPageMeta("Photos");
}

const GONE = "That vehicle is not in stock: it may have been sold, or removed by an import.";

/**
 * The photo forms post here; the page itself is what a browser without JavaScript sees when an
 * upload had a problem, or a Delete is to be confirmed.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  return { csrf: requireMember(context, url, "stock").session.csrfToken };
}

/**
 * Adds, moves, removes or makes main a vehicle's photo. With JavaScript the photo manager
 * posts here without leaving the page (`stay`) and shows the outcome itself; without it, a
 * change goes back to the vehicle's page, and an upload with refused files shows them here.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const member = requireMember(context, url, "stock");
  const { services, address } = staffOf(context);
  const boundary = boundaryOf(request.headers.get("content-type"));
  const body = request.body;
  try {
    if (boundary && body) {
      return await asMember(() =>
        withPhotoForm(body, boundary, member, services.photos, async (fields, files) => {
          const id = vehicleOf(fields.get("vehicle"));
          if (files.length === 0) return outcome(id, fields.get("stay"), { problem: "Choose one or more photos to upload." }, 400);
          const uploaded = await services.photos.upload(member, address, id, files);
          if (!uploaded) throw data(GONE, { status: 404 });
          const refused = uploaded.refused.map(({ name, reason }) => `${name} ${reason}.`);
          const done = uploaded.added > 0 ? `${uploaded.added} ${uploaded.added === 1 ? "photo" : "photos"} added.` : undefined;
          return outcome(id, fields.get("stay"), { done, refused }, uploaded.added === 0 ? 400 : 200);
        }),
      );
    }
    const form = await checkedForm(member, request);
    const id = vehicleOf(formText(form, "vehicle"));
    const edit = editOf(form);
    if (!edit)
      return outcome(id, formText(form, "stay"), { problem: "That change could not be read: reload the page and try again." }, 400);
    // A deletion cannot be undone: one not yet confirmed (a plain form's Delete) is asked about here first.
    if (edit.kind === "remove" && formText(form, "confirmed") !== "yes")
      return data<PhotoOutcome>({ vehicle: id, confirmRemove: edit.photoId });
    const changed = await asMember(() => services.photos.edit(member, address, id, edit));
    if (!changed) throw data(GONE, { status: 404 });
    return outcome(id, formText(form, "stay"), { done: doneText(edit) });
  } catch (error) {
    if (error instanceof UploadTooLargeError) {
      return data<PhotoOutcome>({ problem: `${error.message}: choose smaller photos.` }, { status: 413 });
    }
    if (error instanceof MalformedUploadError)
      return data<PhotoOutcome>({ problem: `The upload could not be read: ${error.message}.` }, { status: 400 });
    throw error;
  }
}

function vehicleOf(text: string | undefined): string {
  const id = vehicleIdSchema.safeParse(text);
  if (!id.success) throw data(GONE, { status: 404 });
  return id.data;
}

function editOf(form: FormData): PhotoEdit | undefined {
  const intent = formText(form, "intent");
  if (intent === "order") {
    const photoIds = formText(form, "order").split(",");
    return photoIds.every((photoId) => photoIdSchema.safeParse(photoId).success) ? { kind: "order", photoIds } : undefined;
  }
  const photo = photoIdSchema.safeParse(formText(form, "photo"));
  if (!photo.success) return undefined;
  if (intent === "remove" || intent === "main") return { kind: intent, photoId: photo.data };
  const to = Number(formText(form, "to"));
  return intent === "move" && Number.isInteger(to) ? { kind: "move", photoId: photo.data, to } : undefined;
}

function doneText(edit: PhotoEdit): string {
  switch (edit.kind) {
    case "move":
      return `Photo moved to place ${edit.to + 1}.`;
    case "order":
      return "Photos reordered.";
    case "main":
      return "That photo is now the main photo.";
    case "remove":
      return "Photo deleted.";
  }
}

/** The page's answer: kept on the page with JavaScript, else back to the vehicle unless there is something to read here. */
function outcome(vehicle: string, stay: string | undefined, said: Omit<PhotoOutcome, "vehicle">, status = 200) {
  const problems = said.problem !== undefined || (said.refused?.length ?? 0) > 0;
  if (stay !== "1" && !problems) return redirect(`/staff/stock/vehicles/${encodeURIComponent(vehicle)}#photos`, 303);
  return data<PhotoOutcome>({ ...said, vehicle }, { status });
}

export default function StockPhotos({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="staff-page staff-page--narrow">
      <h1>Photos</h1>
      {actionData?.confirmRemove && actionData.vehicle && (
        <Form method="post" className="staff-form photo-manager__confirm">
          <input type="hidden" name="csrf" value={loaderData.csrf} />
          <input type="hidden" name="vehicle" value={actionData.vehicle} />
          <input type="hidden" name="photo" value={actionData.confirmRemove} />
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="confirmed" value="yes" />
          <img src={photoUrl(actionData.confirmRemove, 320, "jpg")} alt="" width={160} height={120} />
          <p>Delete this photo? Buyers stop seeing it at once, and it cannot be undone.</p>
          <button type="submit" className="button button--danger">
            Yes, delete it
          </button>
        </Form>
      )}
      {actionData?.done && (
        <p className="notice notice--done" role="status">
          {actionData.done}
        </p>
      )}
      {actionData?.problem && (
        <p className="notice notice--problem" role="alert">
          {actionData.problem}
        </p>
      )}
      {actionData?.refused && actionData.refused.length > 0 && (
        <ul className="notice notice--problem" role="alert">
          {actionData.refused.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      <p>
        <Link to={actionData?.vehicle ? `/staff/stock/vehicles/${encodeURIComponent(actionData.vehicle)}#photos` : "/staff/stock/vehicles"}>
          {actionData?.confirmRemove ? "← Keep it: back to the vehicle" : "← Back to the vehicle"}
        </Link>
      </p>
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
