import { errorMessage } from './errorMessage';

describe('errorMessage', () => {
  it('takes an Error’s message, without its name', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });

  it('keeps a thrown string, reads a router error response’s status text, and writes anything else as text', () => {
    expect(errorMessage('HTTP 404')).toBe('HTTP 404');
    expect(errorMessage({ status: 500, statusText: 'Internal Server Error' })).toBe('Internal Server Error');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(undefined)).toBe('undefined');
  });
});
