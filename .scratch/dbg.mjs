import soap from 'soap'
const c = await soap.createClientAsync('http://127.0.0.1:35703/calc11?wsdl')
const d = c.wsdl.definitions
for (const [n,b] of Object.entries(d.bindings)) console.log(n, Object.keys(b.methods), Object.values(b.methods).map(m=>m.soapAction))
for (const [n,s] of Object.entries(d.services)) for (const [pn,p] of Object.entries(s.ports)) console.log(pn, p.location, p.binding && Object.keys(p.binding.methods))
console.log(await c.AddAsync({a:1,b:2}).then(r=>r[0]).catch(e=>e.message))
