export * from './constants';
export * from './common';
export * from './catalogue';
export * from './remotes';
export * from './vocabulary';
export * from './artists';
export * from './search';
export * from './accounts';
