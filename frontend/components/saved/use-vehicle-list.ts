import { useSyncExternalStore } from "react";
import type { StoredIdList } from "./browser-lists";

const NONE: string[] = [];

/**
 * A list kept in the browser, as React state. The server, and the browser's first render,
 * see an empty list (the server cannot know it), so hydration matches; React re-renders with
 * the stored list straight after.
 */
export function useVehicleList(list: StoredIdList): string[] {
  return useSyncExternalStore(list.subscribe, list.ids, () => NONE);
}
