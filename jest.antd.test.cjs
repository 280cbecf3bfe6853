'use strict';
/* global expect, test -- Jest's globals */
const path = require('node:path');

test("the lazy antd module exports what antd's index exports, the same objects", () => {
  const lazy = require('./jest.antd.cjs');
  const antdDir = path.dirname(
    require.resolve('antd/package.json', { paths: [path.join(__dirname, 'packages/ui')] }),
  );
  const antd = require(path.join(antdDir, 'lib/index.js'));
  expect(Object.keys(lazy).sort()).toEqual(Object.keys(antd).sort());
  for (const name of Object.keys(antd)) expect([name, lazy[name]]).toEqual([name, antd[name]]);
  expect(lazy.Button).toBe(antd.Button);
  expect(lazy.Form.useForm).toBe(antd.Form.useForm);
});
