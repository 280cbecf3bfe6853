export { subscribeEvents, type EventStreamHandlers } from './subscribe-events';
