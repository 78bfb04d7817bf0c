/**
 * The one breakpoint of the signed-in frame. Below it (a phone, a narrow
 * window) the sidebar is a drawer behind the header's menu button and the top
 * bar folds into its Filters button; layout.css holds the same width in its
 * `@media (max-width: 767.98px)` block (CSS cannot read a constant).
 */
export const WIDE_SCREEN_MIN_PX = 768;
export const WIDE_SCREEN_QUERY = `(min-width: ${WIDE_SCREEN_MIN_PX}px)`;
