import { Link, type LinkProps } from "react-router";

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
        if (event.key !== " " || event.defaultPrevented) return;
        event.preventDefault();
        event.currentTarget.click();
      }}
    />
  );
}
