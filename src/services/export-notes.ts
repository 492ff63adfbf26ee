import { session, widgetState } from './storage';

/**
 * The export jobs noted locally as pending (widgets §4 "Export": "an async export is noted
 * locally as pending"; storage namespace asyncExports, through storage.ts only). A note is made
 * when the server answers an export as a job and dropped once the jobs list shows that job done,
 * failed or gone; the export-jobs button counts them.
 */
export interface PendingExport {
  jobId: number;
  fileName: string;
}

/** One list per user: a browser shared by two users counts each one's own jobs. */
const key = () => {
  const user = session.get('loginUserInfo')?.userCode;
  return user ? `pending:${user}` : 'pending';
};
const listeners = new Set<() => void>();

export function pendingExports(): PendingExport[] {
  const notes = widgetState.get<PendingExport[]>('asyncExports', key());
  return Array.isArray(notes) ? notes.filter((n) => typeof n?.jobId === 'number') : [];
}

function keep(notes: PendingExport[]): void {
  if (notes.length) widgetState.set('asyncExports', key(), notes);
  else widgetState.remove('asyncExports', key());
  for (const listener of listeners) listener();
}

export function notePendingExport(note: PendingExport): void {
  keep([...pendingExports().filter((n) => n.jobId !== note.jobId), note]);
}

/** Keeps only the notes of jobs the server still lists as pending or running. */
export function syncPendingExports(jobs: ReadonlyArray<{ id: number; status: string }>): void {
  const waiting = new Set(jobs.filter((j) => j.status === 'pending' || j.status === 'running').map((j) => j.id));
  const notes = pendingExports();
  const kept = notes.filter((n) => waiting.has(n.jobId));
  if (kept.length !== notes.length) keep(kept);
}

/** Told whenever the notes change (the export-jobs button's count). */
export function onPendingExports(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
