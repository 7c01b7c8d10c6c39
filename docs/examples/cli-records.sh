# An invoice: its own fields (number, date, subtotal, tax, total) above its line items.
# The toner line was misread: 56.00 where the paper says 66.00.
cat > invoice.md <<'EOF'
ACME Office Supply LLC

Invoice No.: INV-2041
Invoice Date: 2025-03-14

| Item | Qty | Amount |
| --- | --- | --- |
| Copy paper | 2 | 40.00 |
| Toner cartridge | 1 | 56.00 |

Subtotal: 106.00
Tax: 8.16
Total: 114.16
EOF

# The rules it must obey: the lines add up to the subtotal, and subtotal + tax = total
cat > rules.json <<'EOF'
[
  { "type": "sum", "column": "amount", "field": "subtotal" },
  { "type": "formula", "expression": "subtotal + tax = total" }
]
EOF

# One row per line item, the invoice's fields in front; a failed check is said on standard error
npx rowsmith extract invoice.md --format json --rules rules.json \
  --fields "invoice_number,date:date,subtotal:number,tax:number,total:number" \
  --columns "item,amount:number"

# The invoice as one record: its fields once, its line items, each check and the cells it flags
npx rowsmith extract invoice.md --format json --shape documents --rules rules.json \
  --fields "invoice_number,date:date,subtotal:number,tax:number,total:number" \
  --columns "item,amount:number" > invoice.json
