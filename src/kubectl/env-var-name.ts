/** validation.IsEnvVarName as kubectl (client side) still checks it: the strict C-identifier-like form. */
export function envVarNameError(name: string): string | undefined {
  if (/^[-._a-zA-Z][-._a-zA-Z0-9]*$/.test(name)) return undefined;
  return "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')";
}
