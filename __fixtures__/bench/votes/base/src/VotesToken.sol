// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {History} from "./History.sol";

/// An ERC-20 governance token in the shape of OpenZeppelin's ERC20Votes: balances delegate voting
/// power, and the power each delegate held, and the supply, are kept per block for past lookups.
contract VotesToken {
    using History for History.Trace;

    string public constant name = "Votes";
    string public constant symbol = "VOTE";
    uint8 public constant decimals = 18;

    address public owner;
    uint256 public totalSupply;
    uint256 public immutable maxSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => address) public delegates;
    mapping(address => History.Trace) private votes;
    History.Trace private supply;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event DelegateChanged(address indexed delegator, address indexed fromDelegate, address indexed toDelegate);
    event DelegateVotesChanged(address indexed delegate, uint256 previousVotes, uint256 newVotes);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error SupplyCapExceeded(uint256 supply, uint256 cap);
    error FutureLookup(uint256 timepoint, uint256 current);
    error NotOwner(address account);

    constructor() {
        owner = msg.sender;
        maxSupply = type(uint208).max;
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _;
    }

    function clock() public view returns (uint48) {
        return uint48(block.number);
    }

    // ERC-20

    function transfer(address to, uint256 value) external returns (bool) {
        _update(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < value) revert InsufficientAllowance(msg.sender, allowed, value);
            allowance[from][msg.sender] = allowed - value;
        }
        _update(from, to, value);
        return true;
    }

    function mint(address to, uint256 value) external onlyOwner {
        _update(address(0), to, value);
    }

    function burn(uint256 value) external {
        _update(msg.sender, address(0), value);
    }

    function transferOwnership(address newOwner) external onlyOwner {
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    // Votes

    function delegate(address delegatee) external {
        address previous = delegates[msg.sender];
        delegates[msg.sender] = delegatee;
        emit DelegateChanged(msg.sender, previous, delegatee);
        _moveVotes(previous, delegatee, balanceOf[msg.sender]);
    }

    function getVotes(address account) external view returns (uint256) {
        return votes[account].latest();
    }

    function getPastVotes(address account, uint256 timepoint) external view returns (uint256) {
        return votes[account].valueAt(_pastBlock(timepoint));
    }

    function getPastTotalSupply(uint256 timepoint) external view returns (uint256) {
        return supply.valueAt(_pastBlock(timepoint));
    }

    function numCheckpoints(address account) external view returns (uint256) {
        return votes[account].length();
    }

    function _pastBlock(uint256 timepoint) private view returns (uint48) {
        uint48 current = clock();
        if (timepoint >= current) revert FutureLookup(timepoint, current);
        return uint48(timepoint);
    }

    function _update(address from, address to, uint256 value) private {
        if (from == address(0)) {
            totalSupply += value;
            if (totalSupply > maxSupply) revert SupplyCapExceeded(totalSupply, maxSupply);
            supply.record(clock(), uint208(totalSupply));
        } else {
            uint256 balance = balanceOf[from];
            if (balance < value) revert InsufficientBalance(from, balance, value);
            unchecked {
                balanceOf[from] = balance - value;
            }
        }
        if (to == address(0)) {
            unchecked {
                totalSupply -= value;
            }
            supply.record(clock(), uint208(totalSupply));
        } else {
            balanceOf[to] += value;
        }
        emit Transfer(from, to, value);
        _moveVotes(delegates[from], delegates[to], value);
    }

    function _moveVotes(address from, address to, uint256 amount) private {
        if (from == to || amount == 0) return;
        if (from != address(0)) {
            (uint256 before, uint256 afterwards) = votes[from].record(clock(), votes[from].latest() - uint208(amount));
            emit DelegateVotesChanged(from, before, afterwards);
        }
        if (to != address(0)) {
            (uint256 before, uint256 afterwards) = votes[to].record(clock(), votes[to].latest() + uint208(amount));
            emit DelegateVotesChanged(to, before, afterwards);
        }
    }
}
