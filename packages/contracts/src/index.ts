export * from './constants';
export * from './common';
export * from './catalogue';
export * from './remotes';
