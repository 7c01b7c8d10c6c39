# Pasted text in, typed rows out. Set ROWSMITH_URL (for example http://localhost:3000)
# and ROWSMITH_API_KEY (a key from Settings, rsk_…) first.
curl -sS "$ROWSMITH_URL/api/extractions" \
  -H "Authorization: Bearer $ROWSMITH_API_KEY" \
  -H "Content-Type: application/json" \
  -d '{
    "text": "date\tdescription\tamount\n2026-01-02\tCoffee\t-3.20\n2026-01-03\tSalary\t2,000.00",
    "columns": [
      { "name": "date", "type": "date" },
      { "name": "description", "type": "text", "description": "Payee or details" },
      { "name": "amount", "type": "number" }
    ]
  }'
