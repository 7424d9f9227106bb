import { data, Form, Link } from "react-router";
import { boundaryOf, MalformedUploadError, UploadTooLargeError } from "../../../backend/http/multipart-upload";
import { contentPhotosOf } from "../../staff/content-views.server";
import { withPhotoForm } from "../../staff/photo-upload.server";
import { asMember, requireMember, staffOf } from "../../staff/staff-guard.server";
import { staffPageMeta } from "../../staff/staff-meta";
import { photoUrl } from "../../../domain/vehicle-photos";
import type { Route } from "./+types/content-photos";

export function meta() {
  return staffPageMeta("Photos for the site");
}

/** The photos offers, articles and pages use: each uploaded once, then chosen in a form or named in Markdown as photo:<id>. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "editor");
  const { services } = staffOf(context);
  const record = await asMember(() => services.content.open(member, "photos"));
  return {
    csrf: member.session.csrfToken,
    photos: contentPhotosOf(record).reverse(),
    maxMegabytes: Math.floor(services.photos.library.limits.maxBytes / (1 << 20)),
  };
}

interface UploadOutcome {
  done?: string;
  problem?: string;
  refused?: string[];
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const member = requireMember(context, url, "editor");
  const { services, address } = staffOf(context);
  const boundary = boundaryOf(request.headers.get("content-type"));
  const body = request.body;
  if (!boundary || !body) return data<UploadOutcome>({ problem: "Choose one or more photos to upload." }, { status: 400 });
  try {
    return await asMember(() =>
      withPhotoForm(body, boundary, member, services.photos, async (_fields, files) => {
        if (files.length === 0) return data<UploadOutcome>({ problem: "Choose one or more photos to upload." }, { status: 400 });
        const { added, refused } = await services.content.addPhotos(member, address, files);
        return data<UploadOutcome>(
          {
            ...(added > 0 && { done: `${added} ${added === 1 ? "photo" : "photos"} added.` }),
            refused: refused.map(({ name, reason }) => `${name} ${reason}.`),
          },
          { status: added === 0 ? 400 : 200 },
        );
      }),
    );
  } catch (error) {
    if (error instanceof UploadTooLargeError)
      return data<UploadOutcome>({ problem: `${error.message}: choose smaller photos.` }, { status: 413 });
    if (error instanceof MalformedUploadError)
      return data<UploadOutcome>({ problem: `The upload could not be read: ${error.message}.` }, { status: 400 });
    throw error;
  }
}

export default function ContentPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, photos, maxMegabytes } = loaderData;
  const outcome = actionData as UploadOutcome | undefined;
  return (
    <section className="staff-page">
      <p>
        <Link to="/staff/content">Site content</Link>
      </p>
      <h1>Photos for the site</h1>
      {outcome?.done && (
        <p className="notice notice--done" role="status">
          {outcome.done}
        </p>
      )}
      {(outcome?.problem || (outcome?.refused?.length ?? 0) > 0) && (
        <div className="notice notice--problem" role="alert">
          {outcome?.problem && <p>{outcome.problem}</p>}
          {outcome?.refused?.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      <Form method="post" encType="multipart/form-data" className="staff-form">
        <input type="hidden" name="csrf" value={csrf} />
        <label htmlFor="content-photo-files">Photos to upload (JPEG, PNG, WebP or AVIF, up to {maxMegabytes} MB each)</label>
        <input id="content-photo-files" name="photos" type="file" accept="image/jpeg,image/png,image/webp,image/avif" multiple required />
        <button type="submit" className="button">
          Upload
        </button>
      </Form>
      <h2>Uploaded</h2>
      {photos.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ul className="content-photos">
          {photos.map((photo) => (
            <li key={photo.id}>
              <img
                src={photoUrl(photo.id, 320, "jpg")}
                alt=""
                width={160}
                height={Math.round((160 * photo.height) / photo.width)}
                loading="lazy"
              />
              <span>
                {photo.name}: <code>![what it shows](photo:{photo.id})</code>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
