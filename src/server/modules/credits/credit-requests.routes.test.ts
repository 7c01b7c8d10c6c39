import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditRequest, CreditRequestList } from '../../../shared/credit-requests';
import { browserFor, signUp } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';
import { findUserByEmail } from '../account/find-user';
import { grantCredits } from './grant-credits';
import { listCreditRequests } from './list-credit-requests';

// Issue 20 point 6: a signed-in user asks for more credits; the request is stored with the
// account, one waits at a time, and an operator's grant answers it.

const ASK = { credits: 40, message: 'Monthly bank statements for my bookkeeping.' };

type ErrorBody = { error: { code: string; message: string; details?: unknown } };

describe.each(TEST_DATABASES)('requests for credits on $name', (database) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(database);
  });
  afterAll(async () => {
    await app.close();
  });

  it('stores a request with the account, refuses a second while it waits, and a grant answers it', async () => {
    const user = await signUp(app, { name: 'Mary Somerville' });
    const sent = await user.request('/api/credit-requests', {
      json: { ...ASK, message: `  ${ASK.message}  ` },
    });
    expect(sent.status).toBe(201);
    const request = (await sent.json()) as CreditRequest;
    expect(request).toMatchObject({ ...ASK, status: 'open', granted_at: null });
    expect(app.logs).toContainEqual(
      expect.objectContaining({ msg: 'credit request received', creditRequestId: request.id }),
    );
    expect(await listCreditRequests({ db: app.db })).toContainEqual(
      expect.objectContaining({ email: user.email, name: 'Mary Somerville', ...ASK }),
    );

    const again = await user.request('/api/credit-requests', { json: ASK });
    expect(again.status).toBe(409);
    const refused = (await again.json()) as ErrorBody;
    expect(refused.error.code).toBe('CREDIT_REQUEST_PENDING');
    expect(refused.error.message).toContain(
      `You already asked for credits on ${request.created_at.slice(0, 10)}.`,
    );

    const account = await findUserByEmail({ db: app.db, email: user.email });
    await grantCredits({ db: app.db, userId: account!.id, amount: 40, signupCredits: 10 });
    const listed = (await (await user.request('/api/credit-requests')).json()) as CreditRequestList;
    expect(listed.requests).toHaveLength(1);
    expect(listed.requests[0]).toMatchObject({ id: request.id, status: 'granted' });
    expect(Date.parse(listed.requests[0]!.granted_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(await listCreditRequests({ db: app.db })).not.toContainEqual(
      expect.objectContaining({ id: request.id }),
    );
    expect(await listCreditRequests({ db: app.db, status: null })).toContainEqual(
      expect.objectContaining({ id: request.id, status: 'granted' }),
    );
    // Answered, a new request may be made.
    expect((await user.request('/api/credit-requests', { json: ASK })).status).toBe(201);
    // A grant smaller than the request answers it with what it gave: the user sees how much.
    const partly = await grantCredits({
      db: app.db,
      userId: account!.id,
      amount: 15,
      signupCredits: 10,
    });
    expect(partly.answered).toEqual([{ credits: ASK.credits, granted: 15 }]);
    const after = (await (await user.request('/api/credit-requests')).json()) as CreditRequestList;
    expect(after.requests[0]).toMatchObject({ status: 'granted', granted_credits: 15 });
    expect(after.requests[1]).toMatchObject({ id: request.id, granted_credits: 40 });
  });

  it('checks what is asked, with a message per field', async () => {
    const user = await signUp(app);
    const response = await user.request('/api/credit-requests', {
      json: { credits: 0, message: '  ' },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.details).toMatchObject({
      fieldErrors: {
        credits: ['Please ask for at least 1 credit.'],
        message: ['Please say what the credits are for.'],
      },
    });
    const tooMany = await user.request('/api/credit-requests', {
      json: { credits: 1001, message: 'Lots' },
    });
    expect(tooMany.status).toBe(400);
    expect(
      (await (await user.request('/api/credit-requests')).json()) as CreditRequestList,
    ).toEqual({ requests: [] });
  });

  it('is for signed-in users, each seeing only their own; deleting the account removes them', async () => {
    const visitor = browserFor(app);
    expect((await visitor.request('/api/credit-requests', { json: ASK })).status).toBe(401);
    expect((await visitor.request('/api/credit-requests')).status).toBe(401);

    const owner = await signUp(app);
    const other = await signUp(app);
    await owner.request('/api/credit-requests', { json: ASK });
    expect(
      (await (await other.request('/api/credit-requests')).json()) as CreditRequestList,
    ).toEqual({ requests: [] });

    const account = await findUserByEmail({ db: app.db, email: owner.email });
    const deleted = await owner.request('/api/account', {
      method: 'DELETE',
      json: { confirmation: 'DELETE' },
    });
    expect(deleted.status).toBe(200);
    const left = await app.db
      .selectFrom('credit_requests')
      .select('id')
      .where('user_id', '=', account!.id)
      .execute();
    expect(left).toEqual([]);
  });
});
