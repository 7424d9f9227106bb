import type { KeyboardEvent } from "react";
import { Link, type LinkProps } from "react-router";

/** Buttons are pressed with Space as well as Enter; a link that acts as one must be too. */
export function pressOnSpace(event: KeyboardEvent<HTMLAnchorElement>): void {
  if (event.key !== " " || event.defaultPrevented) return;
  event.preventDefault();
  event.currentTarget.click();
}

/**
 * A link that acts as a button: it works without JavaScript (as a link to a page that does
 * the same job), and to everyone else it is a button, Space key included.
 */
export function LinkButton(props: LinkProps) {
  return (
    <Link
      role="button"
      {...props}
      onKeyDown={(event) => {
        props.onKeyDown?.(event);
        pressOnSpace(event);
      }}
    />
  );
}
