/**
 * Freedom Pay's signature rule, held to the examples of its own documentation (the merchant API
 * pages of freedompay.kg and freedompay.kz and paybox.money's "Signature generation").
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { fieldsOf, formFields, isSigned, parseXml, scriptName, signature, signatureString, signed, toForm, toXml, valueOf, type Field } from "../../api/services/payments/freedompay-protocol";

const md5 = (s: string) => crypto.createHash("md5").update(s).digest("hex");

describe("Freedom Pay signature (the documentation's examples)", () => {
  it("init_payment.php: 'init_payment.php;25;test;{merchant_id};23;molbulak;{secret_key}'", () => {
    // freedompay.kg/docs/merchant-api/pay: the curl call sends the fields in this order.
    const fields = fieldsOf({ pg_order_id: "23", pg_merchant_id: "545454", pg_amount: "25", pg_description: "test", pg_salt: "molbulak" });
    expect(signatureString("init_payment.php", fields, "s3cr3t")).toBe("init_payment.php;25;test;545454;23;molbulak;s3cr3t");
    expect(signature("init_payment.php", fields, "s3cr3t")).toBe(md5("init_payment.php;25;test;545454;23;molbulak;s3cr3t"));
    expect(signature("init_payment.php", fields, "s3cr3t")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("get_status3.php: the PHP example's ksort, script name first, secret last", () => {
    const fields = fieldsOf({ pg_merchant_id: "545454", pg_payment_id: "123456789", pg_salt: "some random string" });
    expect(signatureString("get_status3.php", fields, "key")).toBe("get_status3.php;545454;123456789;some random string;key");
  });

  it("reg2nonreg (payouts): every field alphabetically, values only", () => {
    const fields = fieldsOf({
      pg_merchant_id: "545454",
      pg_amount: 10,
      pg_order_id: 1234,
      pg_description: "Payment description",
      pg_post_link: "http://site.kz/post",
      pg_back_link: "http://site.kz/back",
      pg_order_time_limit: "2020-12-31 12:00:00",
      pg_salt: "some random string",
    });
    expect(signatureString("reg2nonreg", fields, "k")).toBe(
      "reg2nonreg;10;http://site.kz/back;Payment description;545454;1234;2020-12-31 12:00:00;http://site.kz/post;some random string;k",
    );
  });

  it("nested XML tags recursively: md5('script.php;value1;value2;9imM909TH820jwk387;value3;subvalue1;subvalue2;mypasskey')", () => {
    // paybox.money/dev/merchant-to-paybox: the sample call to http://domain.com/path/to/script.php
    const { fields } = parseXml(`<?xml version="1.0" encoding="utf-8"?>
<request>
     <pg_salt>9imM909TH820jwk387</pg_salt>
     <pg_t_param>value3</pg_t_param>
     <pg_a_param>value1</pg_a_param>
     <pg_z_param>
          <pg_q_subparam>subvalue2</pg_q_subparam>
          <pg_m_subparam>subvalue1</pg_m_subparam>
     </pg_z_param>
     <pg_b_param>value2</pg_b_param>
</request>`);
    const script = scriptName("http://domain.com/path/to/script.php");
    expect(script).toBe("script.php");
    expect(signatureString(script, fields, "mypasskey")).toBe("script.php;value1;value2;9imM909TH820jwk387;value3;subvalue1;subvalue2;mypasskey");
    expect(signature(script, fields, "mypasskey")).toBe(md5("script.php;value1;value2;9imM909TH820jwk387;value3;subvalue1;subvalue2;mypasskey"));
  });

  it("fields of the same name keep the order they came in; pg_sig is never signed", () => {
    const fields: Field[] = [["pg_x", "2"], ["pg_a", "1"], ["pg_x", "1"], ["pg_sig", "whatever"], ["pg_salt", "s"]];
    expect(signatureString("r", fields, "k")).toBe("r;1;s;2;1;k");
  });

  it("the script name runs from the last '/' to the end or to '?'", () => {
    expect(scriptName("https://api.freedompay.kg/init_payment.php")).toBe("init_payment.php");
    expect(scriptName("https://konok.kg/api/v1/payment/freedompay/result?x=1")).toBe("result");
    expect(scriptName("/api/v1/payment/freedompay/result")).toBe("result");
  });
});

describe("signed messages", () => {
  it("signs with a salt of digits and Latin letters and verifies; any change breaks it", () => {
    const message = signed("init_payment.php", fieldsOf({ pg_amount: 4500, pg_order_id: "bk_1_x" }), "secret");
    expect(valueOf(message, "pg_salt")).toMatch(/^[A-Za-z0-9]+$/);
    expect(message.at(-1)![0]).toBe("pg_sig");
    expect(isSigned("init_payment.php", message, "secret")).toBe(true);
    expect(isSigned("init_payment.php", message, "other")).toBe(false);
    expect(isSigned("get_status3.php", message, "secret")).toBe(false);
    const tampered = message.map(([n, v]): Field => (n === "pg_amount" ? [n, "4501"] : [n, v]));
    expect(isSigned("init_payment.php", tampered, "secret")).toBe(false);
    expect(isSigned("init_payment.php", message.filter(([n]) => n !== "pg_sig"), "secret")).toBe(false);
  });

  it("a form body round-trips with its order and its signature", () => {
    const message = signed("result", fieldsOf({ pg_order_id: "1", pg_description: "Бронь №1 & co" }), "k");
    const back = formFields(new URLSearchParams(toForm(message).toString()));
    expect(back).toEqual(message);
    expect(isSigned("result", back, "k")).toBe(true);
  });

  it("an XML answer round-trips: escaped text, nested tags, CDATA, entities", () => {
    const fields: Field[] = [
      ["pg_status", "rejected"],
      ["pg_description", "Бронь <отменена> & \"деньги\" вернутся"],
      ["pg_refund_payments", [["pg_refund_payment", [["pg_payment_id", "7"], ["pg_amount", "-10"]]]]],
    ];
    const xml = toXml(signed("result", fields, "k"));
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    const parsed = parseXml(xml);
    expect(parsed.root).toBe("response");
    expect(isSigned("result", parsed.fields, "k")).toBe(true);
    expect(valueOf(parsed.fields, "pg_description")).toBe("Бронь <отменена> & \"деньги\" вернутся");
    expect(parseXml("<response><a><![CDATA[x<y]]></a><b>&#1041;&#x41;</b><c/></response>").fields).toEqual([["a", "x<y"], ["b", "БA"], ["c", ""]]);
  });

  it("refuses what is not well-formed", () => {
    expect(() => parseXml("<response><pg_status>ok</response>")).toThrow();
    expect(() => parseXml("<html>Bad gateway")).toThrow();
    expect(() => parseXml("")).toThrow();
    expect(() => parseXml("<?xml version=\"1.0\"")).toThrow();
    expect(() => parseXml("<response><!-- open")).toThrow();
    expect(() => parseXml("<response></response>garbage")).toThrow();
  });
});
