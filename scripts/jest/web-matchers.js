// DOM matchers (toBeInTheDocument, toHaveTextContent…) so tests assert what the user sees.
require('@testing-library/jest-dom');
