// The async boundary: shared modules (react, jotai, our shared packages…) are negotiated before bootstrap runs.
void import('./bootstrap');
