import { Injectable } from '@nestjs/common';

/** Placeholder: the snapshot zip of a component (issue 13); replaced by its implementation. */
@Injectable()
export class SnapshotService {}
