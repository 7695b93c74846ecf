"""zeep's reading of one corpus WSDL, for wsdl-corpus.test.ts: its operations,
and for each sample the envelope zeep's Client.create_message builds, as a
canonical tree (names as {namespace}local, prefixes and xmlns dropped).

argv: WSDL path, JSON file of samples [{operation, version, values, headers}]
where values/headers are trees {name: text | [tree, ...] | tree}.
Nothing is fetched from the network: a remote import is answered with an
empty schema (apictl leaves such types open too), and the one well-known
schema zeep imports by itself (xml.xsd) is served from the corpus."""
import base64
import json
import os
import sys

import zeep
from zeep.proxy import ServiceProxy
from zeep.transports import Transport
from zeep.wsdl.bindings.soap import Soap11Binding, Soap12Binding
from zeep.xsd.elements.indicators import Choice

XSI = 'http://www.w3.org/2001/XMLSchema-instance'
HERE = os.path.dirname(os.path.abspath(__file__))
XML_XSD = os.path.join(HERE, 'xml.xsd')


class OfflineTransport(Transport):
    """Reads files only; never opens a socket."""

    def load(self, url):
        if url.startswith('file://'):
            url = url[len('file://'):]
        if url.startswith(('http://', 'https://')):
            if url.endswith('/2001/xml.xsd'):
                with open(XML_XSD, 'rb') as handle:
                    return handle.read()
            return b'<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>'
        with open(url, 'rb') as handle:
            return handle.read()

    def post(self, *args, **kwargs):  # pragma: no cover - never sends
        raise RuntimeError('the corpus test sends nothing')


def canonical(node):
    """An lxml element as {n, a, t, c}: namespace-resolved, prefixes ignored."""
    attributes = {}
    for key, value in node.attrib.items():
        if key == '{%s}type' % XSI and ':' in value:
            prefix, local = value.split(':', 1)
            value = '{%s}%s' % (node.nsmap.get(prefix, ''), local)
        attributes[key] = value
    children = [canonical(child) for child in node if isinstance(child.tag, str)]
    text = (node.text or '') if not children else ''
    return {'n': node.tag, 'a': attributes, 't': text, 'c': children}


def zeep_value(element_type, value):
    """A sample value as zeep wants it (bytes for base64Binary)."""
    name = type(element_type).__name__
    if isinstance(value, str) and name == 'Base64Binary':
        return base64.b64decode(value)
    return value


def kwargs_for(xsd_type, tree):
    """The tree {xml name: value} as zeep keyword arguments for a complex type."""
    result = {}
    if tree is None:
        return result
    by_name = {}
    for attr_name, element in getattr(xsd_type, 'elements', []):
        local = element.qname.localname if getattr(element, 'qname', None) is not None else attr_name
        by_name[local] = (attr_name, element)
    # A choice that repeats takes its members as _value_N=[{member: value}].
    repeated_choices = {}
    for attr_name, particle in getattr(xsd_type, 'elements_nested', []):
        if isinstance(particle, Choice) and particle.accepts_multiple:
            for _, member in particle.elements:
                repeated_choices[member.qname.localname] = (attr_name, member)
    for name, value in tree.items():
        if name in repeated_choices:
            attr_name, member = repeated_choices[name]
            result.setdefault(attr_name, []).append({name: convert(member, value)})
            continue
        attr_name, element = by_name.get(name, (name, None))
        result[attr_name] = convert(element, value)
    return result


def convert(element, value):
    if element is None:
        return value
    element_type = element.type
    if isinstance(value, list):
        return [convert(element, item) for item in value]
    if isinstance(value, dict):
        return kwargs_for(element_type, value)
    return zeep_value(element_type, value)


def bindings(client):
    """The bindings of every document zeep read (wsdl:import included)."""
    seen = {}
    for definition in client.wsdl._definitions.values():
        for name, binding in definition.bindings.items():
            seen.setdefault(name, binding)
    return list(seen.values())


def operations(client):
    names = set()
    for binding in bindings(client):
        if isinstance(binding, (Soap11Binding, Soap12Binding)):
            names.update(binding._operations.keys())
    return sorted(names)


def binding_for(client, operation, version):
    wanted = Soap12Binding if version == '1.2' else Soap11Binding
    for binding in bindings(client):
        if type(binding) is wanted and operation in binding._operations:
            return binding
    return None


def build(client, sample):
    binding = binding_for(client, sample['operation'], sample['version'])
    if binding is None:
        raise LookupError('no %s binding for %s' % (sample['version'], sample['operation']))
    operation = binding._operations[sample['operation']]
    body = operation.input.body
    values = sample.get('values') or {}
    args = []
    kwargs = {}
    if body is not None and values:
        body_type = body.type
        if getattr(operation.input, '_is_body_wrapped', False) or hasattr(body_type, 'elements'):
            kwargs = kwargs_for(body_type, values)
        else:
            args = [convert(body, next(iter(values.values())))]
    headers = sample.get('headers') or {}
    if headers:
        header_type = operation.input.header.type
        kwargs['_soapheaders'] = kwargs_for(header_type, headers)
    # Client.create_service looks in the main document only; a binding from a
    # wsdl:import is as usable, so the proxy is made for it directly.
    service = ServiceProxy(client, binding, address='http://127.0.0.1/corpus')
    if client._default_service is None:
        # create_message reads options through the default service, which a
        # WSDL without wsdl:service (EWS) lacks: use the one made above.
        client._default_service = service
    return canonical(client.create_message(service, sample['operation'], *args, **kwargs))


def main():
    wsdl, samples_file = sys.argv[1], sys.argv[2]
    with open(samples_file) as handle:
        samples = json.load(handle)
    out = {'read': False}
    try:
        client = zeep.Client(wsdl, transport=OfflineTransport())
        out['read'] = True
        out['operations'] = operations(client)
    except Exception as error:  # zeep refuses the WSDL
        out['error'] = '%s: %s' % (type(error).__name__, str(error).split('\n')[0][:300])
        json.dump(out, sys.stdout)
        return
    out['envelopes'] = []
    for sample in samples:
        try:
            out['envelopes'].append({'envelope': build(client, sample)})
        except Exception as error:
            out['envelopes'].append({'error': '%s: %s' % (type(error).__name__, str(error).split('\n')[0][:300])})
    json.dump(out, sys.stdout)


main()
