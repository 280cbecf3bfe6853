export { subscribeEvents } from './subscribe-events';
