import { useEffect, useRef, useState, type DragEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { photoUrl, type Photo } from "../../domain/vehicle-photos";
import { useHydrated } from "../components/use-hydrated";

/** What the photo page answers a change with (frontend/routes/staff/stock-photos.tsx). */
export interface PhotoOutcome {
  vehicle?: string;
  done?: string;
  problem?: string;
  /** Each refused file, named, with its reason. */
  refused?: string[];
  /** A photo to delete once the deletion is confirmed (a Delete sent without JavaScript asks first). */
  confirmRemove?: string;
}

export interface PhotoManagerProps {
  csrf: string;
  vehicleId: string;
  photos: readonly Photo[];
  /** How many pictures the feed gives, shown to buyers while the vehicle has none of its own. */
  feedPictures: number;
  maxMegabytes: number;
  maxPhotos: number;
  perUpload: number;
}

const ACTION = "/staff/stock/photos";

/**
 * A vehicle's own photos in the stock console: upload several at once (a file picker, or
 * dropped on the drop zone), move each up or down with its buttons (the keyboard's way,
 * announced in a live region) or by dragging, make one the main photo, delete one (asked to
 * confirm first: it cannot be undone). Every control is a plain form posting to the photo
 * page, so all of it works without JavaScript; with it, the forms post in the background and
 * the list updates in place.
 */
export function PhotoManager({ csrf, vehicleId, photos, feedPictures, maxMegabytes, maxPhotos, perUpload }: PhotoManagerProps) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<PhotoOutcome>();
  const busy = fetcher.state !== "idle";
  const uploading = busy && fetcher.formEncType === "multipart/form-data";
  const [announcement, setAnnouncement] = useState("");
  const [dragged, setDragged] = useState<string | undefined>();
  const [dropping, setDropping] = useState(false);
  /** The photo whose Delete was pressed, waiting for the deletion to be confirmed. */
  const [deleting, setDeleting] = useState<string | undefined>();
  const refocus = useRef<string | undefined>(undefined);
  const outcome = fetcher.data;

  useEffect(() => {
    if (fetcher.state !== "idle" || !outcome) return;
    setAnnouncement([outcome.done, outcome.problem, ...(outcome.refused ?? [])].filter(Boolean).join(" "));
    const wanted = refocus.current;
    refocus.current = undefined;
    if (!wanted) return;
    // The moved photo's button keeps the focus; at the top or bottom, where it is disabled, the other one takes it.
    const [direction, photoId] = wanted.split(":");
    const button = document.getElementById(`photo-${direction}-${photoId}`) as HTMLButtonElement | null;
    const other = document.getElementById(`photo-${direction === "up" ? "down" : "up"}-${photoId}`) as HTMLButtonElement | null;
    (button && !button.disabled ? button : other)?.focus();
  }, [fetcher.state, outcome]);

  const hidden = (
    <>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="vehicle" value={vehicleId} />
      {hydrated && <input type="hidden" name="stay" value="1" />}
    </>
  );

  const uploadFiles = (files: FileList) => {
    const form = new FormData();
    form.set("csrf", csrf);
    form.set("vehicle", vehicleId);
    form.set("stay", "1");
    for (const file of Array.from(files)) form.append("photos", file);
    void fetcher.submit(form, { method: "post", action: ACTION, encType: "multipart/form-data" });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDropping(false);
    if (event.dataTransfer.files.length > 0) uploadFiles(event.dataTransfer.files);
  };

  const dropOn = (target: string) => {
    if (!dragged || dragged === target) return;
    const order = photos.map((photo) => photo.id).filter((id) => id !== dragged);
    order.splice(
      order.indexOf(target) + (photos.findIndex((p) => p.id === dragged) < photos.findIndex((p) => p.id === target) ? 1 : 0),
      0,
      dragged,
    );
    setDragged(undefined);
    void fetcher.submit(
      { csrf, vehicle: vehicleId, stay: "1", intent: "order", order: order.join(",") },
      { method: "post", action: ACTION },
    );
  };

  return (
    <section id="photos" aria-labelledby="photos-heading" className="photo-manager">
      <h2 id="photos-heading">Photos</h2>
      <p>
        {photos.length > 0
          ? `Buyers see these ${photos.length} ${photos.length === 1 ? "photo" : "photos"} in this order; the first is the main photo.`
          : feedPictures > 0
            ? `Buyers see the feed's ${feedPictures} ${feedPictures === 1 ? "picture" : "pictures"} until you upload photos of your own.`
            : "No photos yet: buyers see a placeholder."}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {outcome?.problem && (
        <p className="notice notice--problem" role="alert">
          {outcome.problem}
        </p>
      )}
      {outcome?.refused && outcome.refused.length > 0 && (
        <ul className="notice notice--problem">
          {outcome.refused.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      <fetcher.Form
        method="post"
        action={ACTION}
        encType="multipart/form-data"
        className={`staff-form photo-manager__upload${dropping ? " photo-manager__upload--dropping" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={onDrop}
      >
        {hidden}
        <label htmlFor="photo-files">
          Add photos: JPEG, PNG, WebP or AVIF, up to {maxMegabytes} MB each, {perUpload} at a time
          {hydrated && ", or drop them here"}
        </label>
        <input id="photo-files" name="photos" type="file" accept="image/jpeg,image/png,image/webp,image/avif" multiple required />
        <p className="staff-hint">
          Location and camera details are removed; each photo is turned upright. At most {maxPhotos} photos a vehicle.
        </p>
        <button type="submit" className="button" disabled={busy}>
          {uploading ? "Uploading…" : "Upload photos"}
        </button>
      </fetcher.Form>
      {photos.length > 0 && (
        <ol className="photo-manager__list" aria-label="The vehicle's photos, in order">
          {photos.map((photo, i) => (
            <li
              key={photo.id}
              className={`photo-manager__item${dragged === photo.id ? " photo-manager__item--dragged" : ""}`}
              draggable={hydrated}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = "move";
                setDragged(photo.id);
              }}
              onDragEnd={() => setDragged(undefined)}
              onDragOver={(event) => {
                if (dragged) event.preventDefault();
              }}
              onDrop={(event) => {
                if (!dragged) return;
                event.preventDefault();
                event.stopPropagation();
                dropOn(photo.id);
              }}
            >
              <img src={photoUrl(photo.id, 320, "jpg")} alt="" width={160} height={120} loading="lazy" />
              <span className="photo-manager__place">
                {i + 1} of {photos.length}
                {i === 0 && <strong> (main photo)</strong>}
              </span>
              <div className="photo-manager__actions">
                <PhotoForm fetcher={fetcher} hidden={hidden} fields={{ intent: "move", photo: photo.id, to: String(i - 1) }}>
                  <button
                    type="submit"
                    id={`photo-up-${photo.id}`}
                    className="button button--quiet"
                    aria-label={`Move photo ${i + 1} up`}
                    disabled={busy || i === 0}
                    onClick={() => (refocus.current = `up:${photo.id}`)}
                  >
                    Move up
                  </button>
                </PhotoForm>
                <PhotoForm fetcher={fetcher} hidden={hidden} fields={{ intent: "move", photo: photo.id, to: String(i + 1) }}>
                  <button
                    type="submit"
                    id={`photo-down-${photo.id}`}
                    className="button button--quiet"
                    aria-label={`Move photo ${i + 1} down`}
                    disabled={busy || i === photos.length - 1}
                    onClick={() => (refocus.current = `down:${photo.id}`)}
                  >
                    Move down
                  </button>
                </PhotoForm>
                {i > 0 && (
                  <PhotoForm fetcher={fetcher} hidden={hidden} fields={{ intent: "main", photo: photo.id }}>
                    <button
                      type="submit"
                      className="button button--quiet"
                      aria-label={`Make photo ${i + 1} the main photo`}
                      disabled={busy}
                    >
                      Make main
                    </button>
                  </PhotoForm>
                )}
                {deleting === photo.id ? (
                  <ConfirmDelete
                    place={i + 1}
                    onKeep={() => setDeleting(undefined)}
                    confirm={
                      <PhotoForm fetcher={fetcher} hidden={hidden} fields={{ intent: "remove", photo: photo.id, confirmed: "yes" }}>
                        <button type="submit" className="button button--danger" disabled={busy}>
                          Yes, delete photo {i + 1}
                        </button>
                      </PhotoForm>
                    }
                  />
                ) : (
                  <PhotoForm fetcher={fetcher} hidden={hidden} fields={{ intent: "remove", photo: photo.id }}>
                    <button
                      type="submit"
                      className="button button--danger"
                      aria-label={`Delete photo ${i + 1}`}
                      disabled={busy}
                      onClick={(event) => {
                        // Asked here; without JavaScript the photo page asks instead.
                        event.preventDefault();
                        setDeleting(photo.id);
                      }}
                    >
                      Delete
                    </button>
                  </PhotoForm>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Delete's second step: what it does, the deletion itself, and a way out, which takes the focus so a stray Enter keeps the photo. */
function ConfirmDelete({ place, confirm, onKeep }: { place: number; confirm: ReactNode; onKeep: () => void }) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div className="photo-manager__confirm" role="group" aria-label={`Delete photo ${place}?`}>
      <p>Delete photo {place}? Buyers stop seeing it at once, and it cannot be undone.</p>
      {confirm}
      <button ref={keep} type="button" className="button button--quiet" onClick={onKeep}>
        Keep it
      </button>
    </div>
  );
}

function PhotoForm({
  fetcher,
  hidden,
  fields,
  children,
}: {
  fetcher: ReturnType<typeof useFetcher<PhotoOutcome>>;
  hidden: ReactNode;
  fields: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <fetcher.Form method="post" action={ACTION}>
      {hidden}
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </fetcher.Form>
  );
}
