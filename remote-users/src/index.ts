// The async boundary: shared modules are negotiated with the host (or provided by this build) before bootstrap runs.
void import('./bootstrap');
