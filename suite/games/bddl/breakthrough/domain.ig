% Breakthrough: Black moves towards ymin, White towards ymax; diagonal moves capture.
% After Shaik & van de Pol, SAT 2023, Listing 13.
#blackactions
:action forward
:parameters (?x, ?y)
:precondition (black(?x,?y) open(?x,?y-1))
:effect (open(?x,?y) black(?x,?y-1))
:action left-diagonal
:parameters (?x, ?y)
:precondition (black(?x,?y) NOT(black(?x-1,?y-1)))
:effect (open(?x,?y) black(?x-1,?y-1))
:action right-diagonal
:parameters (?x, ?y)
:precondition (black(?x,?y) NOT(black(?x+1,?y-1)))
:effect (open(?x,?y) black(?x+1,?y-1))
#whiteactions
:action forward
:parameters (?x, ?y)
:precondition (white(?x,?y) open(?x,?y+1))
:effect (open(?x,?y) white(?x,?y+1))
:action left-diagonal
:parameters (?x, ?y)
:precondition (white(?x,?y) NOT(white(?x-1,?y+1)))
:effect (open(?x,?y) white(?x-1,?y+1))
:action right-diagonal
:parameters (?x, ?y)
:precondition (white(?x,?y) NOT(white(?x+1,?y+1)))
:effect (open(?x,?y) white(?x+1,?y+1))
