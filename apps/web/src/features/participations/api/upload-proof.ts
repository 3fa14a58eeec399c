import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { participationKeys } from './keys';

/** POST /api/participations/{id}/proof with upload progress. */
export function useUploadProof(participationId: string, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      uploadWithProgress({
        url: `/api/participations/${encodeURIComponent(participationId)}/proof`,
        file,
        schema: (c) => c.ZCreateParticipationResponse,
        onProgress,
        fallbackKey: 'errors.proofUpload',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: participationKeys.all }),
  });
}

/**
 * The authorised route of a participation's proof (inline; `download` asks for an attachment).
 * With `revision` (the admins' queue), a proof replaced since is refused instead of shown.
 */
export function proofFileUrl(participationId: string, download = false, revision?: number): string {
  const query = new URLSearchParams();
  if (download) query.set('download', '1');
  if (revision) query.set('revision', String(revision));
  const search = query.toString();
  return `/api/participations/${encodeURIComponent(participationId)}/proof${search ? `?${search}` : ''}`;
}
