import { BadRequestException, NotFoundException } from '@nestjs/common';
import { badRequest } from './domain-error';
import { toErrorBody } from './exception.filter';

describe('error mapping', () => {
  it('keeps the code and message of a domain error', () => {
    expect(toErrorBody(badRequest('please provide all details', 'missing_details'))).toEqual({
      statusCode: 400,
      code: 'missing_details',
      message: 'please provide all details',
    });
  });

  it('joins validation messages and keeps the list in details', () => {
    const body = toErrorBody(new BadRequestException(['email must be an email', 'password is empty']));
    expect(body).toMatchObject({ statusCode: 400, code: 'bad_request', message: 'email must be an email; password is empty' });
    expect(body.details).toHaveLength(2);
  });

  it('maps body-parser errors to 413 and 400, never 500', () => {
    expect(toErrorBody({ status: 413, type: 'entity.too.large', message: 'x' }).statusCode).toBe(413);
    expect(toErrorBody({ status: 400, type: 'entity.parse.failed', message: 'x' })).toMatchObject({ statusCode: 400, code: 'invalid_json' });
  });

  it('hides internals of unexpected errors', () => {
    expect(toErrorBody(new Error('relation "secret_table" does not exist'))).toEqual({
      statusCode: 500,
      code: 'internal',
      message: 'Internal server error',
    });
    expect(toErrorBody(new NotFoundException('Cannot GET /api/nope')).code).toBe('not_found');
  });
});
