import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup between tests.
afterEach(cleanup);

// jsdom lays nothing out, so it has no scrolling; messages scroll themselves into view after an action.
Element.prototype.scrollIntoView = () => undefined;
