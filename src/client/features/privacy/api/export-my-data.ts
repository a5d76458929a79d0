import { useMutation } from '@tanstack/react-query';
import type { ErrorResponse } from '../../../../shared/schemas/common';
import { ApiError } from '../../../lib/api';
import { i18n } from '../../../lib/i18n';

/** GET /api/account/export, saved as the JSON file the server names (DPDP Act 2023: right to access). */
export function useExportMyData() {
  return useMutation({
    mutationFn: async () => {
      const res = await fetch('/api/account/export', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as Partial<ErrorResponse>;
        throw new ApiError(res.status, body.message ?? i18n._('Could not prepare your data. Please try again.'), body.code);
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'repvisit-my-data.json';
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return name;
    },
  });
}
