// Component tests assert what the user sees, not styles: CSS imports resolve to nothing.
module.exports = {};
