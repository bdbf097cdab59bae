import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * The one file of a `multipart/form-data` upload in the field `file` (a profile picture, a company
 * logo), read into memory within the multipart plugin's size limit. No file, or another field,
 * is 422 `validation.file_required`; a file over the limit answers 413 with
 * `validation.file_too_large` on `file`, and then this returns null: the answer is sent.
 */
export async function readFileField(request: FastifyRequest, reply: FastifyReply): Promise<Buffer | null> {
  const fileRequired = new AppError('validation_errors', { errors: { file: ['validation.file_required'] } });
  if (!request.isMultipart()) throw fileRequired;
  try {
    const part = await request.file();
    if (part?.fieldname !== 'file') throw fileRequired;
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
      await reply.code(413).send({
        code: 'validation_errors',
        message: 'Payload Too Large',
        errors: { file: ['validation.file_too_large'] },
      });
      return null;
    }
    throw error;
  }
}
