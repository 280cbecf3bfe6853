const { createFrontendConfig } = require('@atelier/mf-config');

module.exports = createFrontendConfig({ name: 'shell', appDir: __dirname, title: 'Atelier' });
