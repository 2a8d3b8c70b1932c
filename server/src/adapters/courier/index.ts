export * from './types.ts';
export { SandboxCourier, SANDBOX_NO_COD_STATES } from './sandbox.ts';
