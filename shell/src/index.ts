// Async boundary: the shared modules (React, antd …) are negotiated before bootstrap runs.
void import('./bootstrap');
