import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { textSchema } from '@secretchatbox/contracts';
import { validate } from './route.js';

const pathParam = textSchema({ trim: false });

/**
 * Holds every path parameter to the one text schema of the contracts, as @ValidBody and
 * @ValidQuery hold bodies and queries: an id or a college code with a NUL is the client's
 * mistake (400), not a query the database cannot take.
 */
@Injectable()
export class PathParamsPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'param' || typeof value !== 'string') return value;
    return validate(pathParam, value, metadata.data ?? 'path');
  }
}
