// Async boundary: shared modules are negotiated before the standalone host boots.
void import('./bootstrap');
