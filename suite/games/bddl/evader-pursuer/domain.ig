% Evader-Pursuer: the evader (Black) moves up to two steps straight or one diagonally onto
% open positions; the pursuer (White) moves one step straight and captures by moving onto it.
% After Shaik & van de Pol, SAT 2023, Listing 17.
#blackactions
:action down
:parameters (?x, ?y)
:precondition (black(?x,?y) open(?x,?y+1))
:effect (open(?x,?y) black(?x,?y+1))
:action down-two
:parameters (?x, ?y)
:precondition (black(?x,?y) open(?x,?y+1) open(?x,?y+2))
:effect (open(?x,?y) black(?x,?y+2))
:action up
:parameters (?x, ?y)
:precondition (black(?x,?y) open(?x,?y-1))
:effect (open(?x,?y) black(?x,?y-1))
:action up-two
:parameters (?x, ?y)
:precondition (black(?x,?y) open(?x,?y-1) open(?x,?y-2))
:effect (open(?x,?y) black(?x,?y-2))
:action right
:parameters (?x, ?y)
:precondition (black(?x,?y) open(?x+1,?y))
:effect (open(?x,?y) black(?x+1,?y))
:action right-two
:parameters (?x, ?y)
:precondition (black(?x,?y) open(?x+1,?y) open(?x+2,?y))
:effect (open(?x,?y) black(?x+2,?y))
:action left
:parameters (?x, ?y)
:precondition (black(?x,?y) open(?x-1,?y))
:effect (open(?x,?y) black(?x-1,?y))
:action left-two
:parameters (?x, ?y)
:precondition (black(?x,?y) open(?x-1,?y) open(?x-2,?y))
:effect (open(?x,?y) black(?x-2,?y))
:action left-diagonal-up
:parameters (?x, ?y)
:precondition (black(?x,?y) open(?x-1,?y-1))
:effect (open(?x,?y) black(?x-1,?y-1))
:action right-diagonal-up
:parameters (?x, ?y)
:precondition (black(?x,?y) open(?x+1,?y-1))
:effect (open(?x,?y) black(?x+1,?y-1))
:action left-diagonal-down
:parameters (?x, ?y)
:precondition (black(?x,?y) open(?x-1,?y+1))
:effect (open(?x,?y) black(?x-1,?y+1))
:action right-diagonal-down
:parameters (?x, ?y)
:precondition (black(?x,?y) open(?x+1,?y+1))
:effect (open(?x,?y) black(?x+1,?y+1))
:action stay
:parameters (?x, ?y)
:precondition (black(?x,?y))
:effect (black(?x,?y))
#whiteactions
:action down
:parameters (?x, ?y)
:precondition (white(?x,?y))
:effect (open(?x,?y) white(?x,?y+1))
:action up
:parameters (?x, ?y)
:precondition (white(?x,?y))
:effect (open(?x,?y) white(?x,?y-1))
:action right
:parameters (?x, ?y)
:precondition (white(?x,?y))
:effect (open(?x,?y) white(?x+1,?y))
:action left
:parameters (?x, ?y)
:precondition (white(?x,?y))
:effect (open(?x,?y) white(?x-1,?y))
:action stay
:parameters (?x, ?y)
:precondition (white(?x,?y))
:effect (white(?x,?y))
