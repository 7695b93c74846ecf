// test/soap-client/support/calculator-server.ts
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import soap from "soap";
var FIXTURES = join(import.meta.dirname, "..", "..", "..", "fixtures", "soap-client");
var operations = {
  Add: ({ a, b }) => ({ result: Number(a) + Number(b) }),
  Divide: ({ a, b }) => {
    if (Number(b) === 0) {
      throw {
        Fault: { faultcode: "soap:Client", faultstring: "cannot divide by zero", detail: { argument: "b" } }
      };
    }
    return { result: Number(a) / Number(b) };
  },
  Order: ({ line }) => {
    const lines = Array.isArray(line) ? line : [line];
    return { lines: lines.length, units: lines.reduce((sum, item) => sum + Number(item.quantity), 0), paid: false };
  }
};
async function startCalculator() {
  const seen = [];
  const server = createServer();
  server.prependListener("request", (request) => {
    seen.push({ path: request.url ?? "", headers: request.headers });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  const xml = readFileSync(join(FIXTURES, "calculator", "calculator.wsdl"), "utf8").replaceAll("{{BASE}}", url);
  const services = {
    CalculatorService: { CalculatorSoap11Port: operations, CalculatorSoap12Port: operations }
  };
  await Promise.all([
    listen(server, { path: "/calc11", services, xml }),
    listen(server, { path: "/calc12", services, xml, forceSoap12Headers: true })
  ]);
  return {
    url,
    wsdl: `${url}/calc11?wsdl`,
    seen,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    })
  };
}
function listen(server, options) {
  return new Promise((resolve, reject) => {
    soap.listen(server, {
      ...options,
      callback: (error) => error ? reject(error) : resolve()
    });
  });
}

// ../../tmp/scratch/calc.ts
var s = await startCalculator();
console.log(s.url);
process.on("SIGTERM", () => s.close().then(() => process.exit(0)));
