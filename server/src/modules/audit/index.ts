export { auditRoutes } from './routes.ts';
export {
  actorOf,
  changedFields,
  recordAudit,
  recordChange,
  type Actor,
  type AuditActor,
  type AuditChange,
} from './record.ts';
export { verifyAudit } from './read.ts';
