import { useLingui } from '@lingui/react/macro';
import { UPLOAD_MAX_BYTES } from '@shared/domain/constants';
import { photoFileProblemKind } from './upload-photo';

/**
 * The quick look at a chosen photo (photoFileProblem) in the reader's language: the problem, if
 * any (the `public` catalog, lingui.config.ts).
 */
export function usePhotoFileProblem(): (file: File) => string | null {
  const { t } = useLingui();
  const maxMb = UPLOAD_MAX_BYTES / (1024 * 1024);
  return (file) => {
    switch (photoFileProblemKind(file)) {
      case 'too-large':
        return t`The image must be at most ${maxMb} MB.`;
      case 'empty':
        return t`The file is empty.`;
      case 'unsupported':
        return t`The file must be a JPEG, PNG, WebP or HEIC image.`;
      default:
        return null;
    }
  };
}
