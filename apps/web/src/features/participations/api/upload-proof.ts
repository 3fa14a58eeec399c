import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/upload-with-progress';

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
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['participations'] }),
  });
}

/** The authorised route of a participation's proof (inline; `download` asks for an attachment). */
export function proofFileUrl(participationId: string, download = false): string {
  return `/api/participations/${encodeURIComponent(participationId)}/proof${download ? '?download=1' : ''}`;
}
