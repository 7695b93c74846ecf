"""Second witness for /soap?wsdl: python3-zeep (Debian) calls the reference
server and prints what it saw as one JSON object. Run by zeep-witness.test.ts."""
import json
import sys

import zeep
from zeep.helpers import serialize_object
from zeep.wsse.username import UsernameToken

url = sys.argv[1] + '/soap?wsdl'
seen = {}

client = zeep.Client(url)
item = client.service.GetItem(id='1')
seen['get'] = {'id': item.id, 'name': item.name, 'price': str(item.price), 'tags': list(item.tags)}
page = client.service.ListItems(limit=3, tag='office')
seen['list'] = {'total': page.total, 'ids': [entry.id for entry in page['items']['item']]}

try:
    client.service.GetItem(id='nope')
except zeep.exceptions.Fault as fault:
    code = fault.detail.find('{urn:apictl:items}ItemFault/{urn:apictl:items}code')
    seen['fault11'] = {'code': fault.code, 'message': fault.message, 'detail': code.text if code is not None else None}

soap12 = client.bind('ItemService', 'ItemsSoap12Port')
try:
    soap12.RaiseFault(code='Sender', message='try 1.2')
except zeep.exceptions.Fault as fault:
    seen['fault12'] = {'code': fault.code, 'message': fault.message, 'subcodes': [q.text for q in fault.subcodes]}

writer = zeep.Client(url, wsse=UsernameToken('demo', 'demo'))
created = writer.service.CreateItem(name='Zeep', price=2.5, tags=['py'])
seen['created'] = {'id': created.id, 'name': created.name, 'tags': list(created.tags)}
digest = zeep.Client(url, wsse=UsernameToken('demo', 'demo', use_digest=True))
seen['updated'] = serialize_object(digest.service.UpdateItem(id=created.id, quantity=3))['quantity']

json.dump(seen, sys.stdout)
